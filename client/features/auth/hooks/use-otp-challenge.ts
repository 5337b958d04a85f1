import { t } from '@lingui/core/macro';
import { useCallback, useState } from 'react';
import { isNativeApp, type CurrentUser } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { isLocale } from '@client/lib/i18n';
import { errorCode, serverMessageOf } from '@client/lib/trpc-errors';

export type OtpChallenge = { userId: number; phoneNumber: string; resendAfterSeconds?: number };
/** The OTP was verified: the server has put the session in its HttpOnly cookie; here is who signed in. */
export type SignedIn = { user: CurrentUser | null };

type Options = {
  /** SPEC §8: a wrong code on login shows "Wrong Otp. Try again." */
  wrongOtpText?: string;
  onSignedIn: (result: SignedIn) => void;
};

/**
 * The OTP step shared by login and signup (SPEC §4): keeps userId and the phone while the code is
 * pending (`otpSent`), verifies, resends, and Cancel drops both.
 */
export function useOtpChallenge({ wrongOtpText, onSignedIn }: Options) {
  const [current, setCurrent] = useState<OtpChallenge | null>(null);
  const verifyOtp = trpc.auth.verifyOtp.useMutation();
  const sendOtp = trpc.auth.sendOtp.useMutation();

  const verify = useCallback(
    async (otp: string): Promise<string | null> => {
      if (!current) return null;
      try {
        const result = await verifyOtp.mutateAsync({
          otp,
          userId: current.userId,
          isApk: isNativeApp(),
        });
        onSignedIn(toSignedIn(result));
        return null;
      } catch (error) {
        const code = errorCode(error);
        const message = serverMessageOf(error, t`Something went wrong. Please try again.`);
        if (wrongOtpText && (code === 'UNAUTHORIZED' || /wrong otp/i.test(message))) return wrongOtpText;
        return message;
      }
    },
    [current, verifyOtp, onSignedIn, wrongOtpText],
  );

  /** Resolves to the seconds until the next resend, or an error text (e.g. the 429 message). */
  const resend = useCallback(async (): Promise<{ waitSeconds: number } | string> => {
    if (!current) return t`This OTP request was not found. Please start again.`;
    try {
      const sent = await sendOtp.mutateAsync({ phoneNumber: current.phoneNumber, userId: current.userId });
      if (sent.userId !== current.userId) setCurrent({ ...current, userId: sent.userId });
      return { waitSeconds: sent.resendAfterSeconds };
    } catch (error) {
      return serverMessageOf(error, t`Something went wrong. Please try again.`);
    }
  }, [current, sendOtp]);

  const cancel = useCallback(() => {
    setCurrent(null);
    verifyOtp.reset();
    sendOtp.reset();
  }, [verifyOtp, sendOtp]);

  return { current, start: setCurrent, verify, resend, cancel };
}

/** Accepts the tRPC camelCase result and tolerates the REST-style `userDetails` shape. */
function toSignedIn(result: unknown): SignedIn {
  const data = (result ?? {}) as Record<string, unknown>;
  const raw = (data.user ?? data.userDetails ?? data.userData ?? null) as Record<string, unknown> | null;
  return { user: raw ? toCurrentUser(raw) : null };
}

export function toCurrentUser(raw: Record<string, unknown>): CurrentUser {
  const pick = (camel: string, upper: string) => raw[camel] ?? raw[upper] ?? null;
  return {
    id: Number(pick('id', 'USER_ID')),
    name: (pick('name', 'NAME') as string | null) ?? null,
    email: (pick('email', 'EMAIL') as string | null) ?? null,
    phoneNumber: String(pick('phoneNumber', 'PHONE_NUMBER') ?? ''),
    profilePicUrl: (pick('profilePicUrl', 'PROFILE_PIC_URL') as string | null) ?? null,
    goldKeys: Number(pick('goldKeys', 'GOLD_KEYS') ?? 0),
    referralCode: String(pick('referralCode', 'REFERRAL_CODE') ?? ''),
    language: isLocale(pick('language', 'LANGUAGE')) ? (pick('language', 'LANGUAGE') as CurrentUser['language']) : 'en',
  };
}
