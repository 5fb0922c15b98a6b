/** A row of action buttons, each opening the reason dialog with its spec. */
import type { ActionSpec } from './ActionDialog';
import type { ActionButton } from './specs';

export function ActionButtons({
  actions,
  onAction,
}: {
  actions: ActionButton[];
  onAction: (spec: ActionSpec) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <div className="adm-actions">
      {actions.map((a) => (
        <button
          key={a.label}
          type="button"
          className={`btn ${a.tone}`}
          onClick={() => onAction(a.spec)}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}
