import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { openSse } from '../test/sse.ts';
import { DEMO_BUSINESS_OWNER } from '../../seeds/data/demo-logins.ts';

/**
 * The journeys' REST checks through a load balancer (issue 31: "two and three instances behind HAProxy
 * pass the journeys' REST checks"): a shopper finds an outlet, signs up with the OTP, pays the bill in
 * the sandbox and gets the receipt; the owner's counter hears the payment live; the owner uploads a photo
 * and edits the about tab, and every later request, whichever instance answers it, sees both; logout
 * ends the session everywhere; /metrics is not public. Each request goes through the balancer, so
 * consecutive requests land on different instances (round robin).
 */
export interface SmokeResult {
  name: string;
  ok: boolean;
  detail: string;
}

export async function restSmoke(base: string, options: { smsOutbox: string; log?: (line: string) => void }): Promise<SmokeResult[]> {
  const results: SmokeResult[] = [];
  const log = options.log ?? (() => undefined);
  const check = async (name: string, fn: () => Promise<string>) => {
    try {
      const detail = await fn();
      results.push({ name, ok: true, detail });
      log(`OK      ${name}: ${detail}`);
    } catch (error) {
      results.push({ name, ok: false, detail: (error as Error).message });
      log(`FAILED  ${name}: ${(error as Error).message}`);
    }
  };
  const call = async (method: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, json: json as Record<string, unknown> & { [k: string]: unknown }, text };
  };
  const expect200 = (r: { status: number; text: string }, what: string) => {
    if (r.status < 200 || r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
  };

  let outletId = 0;
  let shopperToken = '';
  let ownerToken = '';
  let ownedOutlet = 0;

  await check('health: /readyz through the balancer, /metrics not public', async () => {
    expect200(await call('GET', '/readyz'), 'readyz');
    const metrics = await call('GET', '/metrics');
    if (metrics.status !== 404) throw new Error(`/metrics answered ${metrics.status} through the balancer`);
    return 'ready; /metrics 404';
  });
  await check('discovery: categories, cities, nearby, details, search, photos, about, menu', async () => {
    for (const p of ['/api/cmn/category', '/api/cmn/cities']) expect200(await call('GET', p), p);
    const nearby = await call('POST', '/api/outlet/getNearbyOutlets?offSet=1&limit=5', { body: { latitude: 12.9716, longitude: 77.5946, noLocation: false } });
    expect200(nearby, 'nearby');
    outletId = Number((nearby.json.outlets as { OUTLET_ID?: number }[] | undefined)?.[0]?.OUTLET_ID ?? 0);
    if (!outletId) throw new Error(`nearby listed no outlet: ${nearby.text.slice(0, 200)}`);
    for (const p of [`/api/business/v2/photos/${outletId}`, `/api/business/overview/${outletId}`, `/api/business/menu/${outletId}`, '/api/cmn/search?searchString=cafe&latitude=12.97&longitude=77.59']) {
      expect200(await call('GET', p), p);
    }
    expect200(await call('POST', `/api/outlet/details?outletId=${outletId}`), 'details');
    return `outlet ${outletId}`;
  });
  await check('shopper: sign-up, OTP from the SMS outbox, verify, profile', async () => {
    const phone = `9${String(Date.now()).slice(-9)}`;
    const signup = await call('POST', '/api/onboarding/signup', { body: { phoneNumber: phone, name: 'Smoke Test', email: `s${phone}@example.in`, isApk: 'false' } });
    expect200(signup, 'signup');
    let otp: string | null = null;
    for (let i = 0; i < 50 && !otp; i++) {
      const line = fs.existsSync(options.smsOutbox)
        ? fs.readFileSync(options.smsOutbox, 'utf8').trim().split('\n').reverse().find((l) => l.includes(phone))
        : undefined;
      otp = line ? (/\b(\d{6})\b/.exec((JSON.parse(line) as { text: string }).text)?.[1] ?? null) : null;
      if (!otp) await new Promise((r) => setTimeout(r, 100));
    }
    if (!otp) throw new Error('no OTP in the outbox');
    const verified = await call('POST', '/api/onboarding/verifyOtp', { body: { userId: String(signup.json.userId), otp, isApk: false } });
    expect200(verified, 'verifyOtp');
    shopperToken = String(verified.json.accessToken);
    // Several calls: round robin puts them on different instances, all of which know the session.
    for (let i = 0; i < 4; i++) expect200(await call('GET', '/api/user/getCurrentUser', { token: shopperToken }), 'getCurrentUser');
    return `user ${String(signup.json.userId)}`;
  });
  await check('owner: login; counter stream open; shopper pays in the sandbox; the counter hears it; receipt', async () => {
    const login = await call('POST', '/api/onboarding/bo/login', { body: { username: DEMO_BUSINESS_OWNER.username, password: DEMO_BUSINESS_OWNER.password } });
    expect200(login, 'owner login');
    ownerToken = String(login.json.accessToken);
    ownedOutlet = Number((login.json.outletDetails as { OUTLET_ID: number }[] | undefined)?.[0]?.OUTLET_ID ?? 0);
    if (!ownedOutlet) throw new Error(`the owner has no outlet: ${login.text.slice(0, 200)}`);
    const stream = await openSse(`${base}/api/business/payments/${ownedOutlet}/events`, { Authorization: `Bearer ${ownerToken}` });
    if (stream.status !== 200) throw new Error(`counter stream ${stream.status}: ${stream.body}`);
    try {
      const order = await call('POST', '/api/outlet/route/v1/create', { token: shopperToken, headers: { 'Idempotency-Key': randomUUID() }, body: { outletId: ownedOutlet, amount: '450' } });
      expect200(order, 'order');
      const orderId = String((order.json.order as { ORDER_ID: string }).ORDER_ID);
      const paid = await call('POST', `/api/payments/demo/${orderId}/complete`, { token: shopperToken, body: { outcome: 'pay' } });
      expect200(paid, 'sandbox pay');
      const heard = await stream.next((e) => e.event === 'payment' && e.data.includes(orderId), 15_000);
      const receipt = await call('GET', `/api/payments/order/${orderId}`, { token: shopperToken });
      expect200(receipt, 'receipt');
      if ((receipt.json.receipt as { STATUS?: string })?.STATUS !== 'paid') throw new Error(`receipt ${receipt.text.slice(0, 200)}`);
      return `order ${orderId} paid, counter event ${heard.id}`;
    } finally {
      stream.close();
    }
  });
  await check('owner: a photo uploaded once is served by every instance; an edit is read back at once', async () => {
    const form = new FormData();
    form.set('outletId', String(ownedOutlet));
    form.set('subCategory', 'food');
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c05010' } }).png().toBuffer();
    form.set('photo', new Blob([png], { type: 'image/png' }), 'smoke.png');
    const urls = (text: string) => new Set(text.match(/\/uploads\/outlets\/[^"]+\.webp/g) ?? []);
    const before = urls((await call('GET', `/api/business/v2/photos/${ownedOutlet}`)).text);
    const up = await fetch(`${base}/api/business/photos`, { method: 'POST', headers: { Authorization: `Bearer ${ownerToken}` }, body: form });
    const upText = await up.text();
    const url = [...urls(upText)].find((u) => !before.has(u));
    if (up.status !== 201 || !url) throw new Error(`upload ${up.status} ${upText.slice(0, 200)}`);
    for (let i = 0; i < 6; i++) {
      const img = await fetch(`${base}${url}`);
      if (img.status !== 200 || img.headers.get('content-type') !== 'image/webp') throw new Error(`${url} answered ${img.status} on try ${i + 1}`);
      await img.arrayBuffer();
    }
    const about = `Smoke ${Date.now()}`;
    expect200(await call('POST', '/api/business/overview', { token: ownerToken, body: { outletId: ownedOutlet, ABOUT: about, HIGHLIGHTS: [] } }), 'edit about');
    for (let i = 0; i < 6; i++) {
      const read = await call('GET', `/api/business/overview/${ownedOutlet}`, { token: ownerToken });
      if (!read.text.includes(about)) throw new Error(`read ${i + 1} after the edit did not show it: ${read.text.slice(0, 200)}`);
    }
    return `${url} served 6 times; the edit read back 6 times`;
  });
  await check('logout ends the session on every instance', async () => {
    expect200(await call('POST', '/api/onboarding/logout', { token: shopperToken }), 'logout');
    for (let i = 0; i < 4; i++) {
      const r = await call('GET', '/api/user/getCurrentUser', { token: shopperToken });
      if (r.status !== 401) throw new Error(`after logout: ${r.status}`);
    }
    return '401 on 4 calls';
  });
  return results;
}
