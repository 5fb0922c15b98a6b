export function Spinner({ label }: { label?: string }) {
  return (
    <div className="center-page" role="status">
      <div className="spinner" aria-hidden />
      {label && <p className="muted">{label}</p>}
    </div>
  );
}
