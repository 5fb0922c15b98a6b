/** The notification bottom sheet (spec 1 §2). The full panel arrives with the notifications feature. */
export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <section
        className="sheet"
        role="dialog"
        aria-label="Notifications"
        onClick={(e) => e.stopPropagation()}
      >
        <h2>Notifications</h2>
        <p className="muted">Aucune notification pour le moment</p>
      </section>
    </div>
  );
}
