type UserAvatarProps = {
  name: string | null;
  pictureUrl: string | null;
  size?: number;
};

/** The shopper's picture, or their initials on a brand-coloured disc. */
export function UserAvatar({ name, pictureUrl, size = 40 }: UserAvatarProps) {
  const initials =
    (name ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';

  return pictureUrl ? (
    <img
      className="avatar"
      src={pictureUrl}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      className="avatar avatar--initials"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
    >
      {initials}
    </span>
  );
}
