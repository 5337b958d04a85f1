/** The outlet the shopper is paying, at the top of each payment screen. */
export function OutletHeading({ name, label = 'Paying at' }: { name: string; label?: string }) {
  const initial = name.trim().charAt(0).toUpperCase() || '₹';
  return (
    <div className="pay-outlet">
      <span className="pay-outlet__badge" aria-hidden="true">
        {initial}
      </span>
      <div>
        <p className="pay-outlet__label">{label}</p>
        <h1 className="pay-outlet__name">{name}</h1>
      </div>
    </div>
  );
}
