/** The generic error panel (spec 1 §2): 'Oups ! Une erreur s'est produite', Réessayer, Retour. */
import { useNavigate } from '../lib/router';
import { lazyPart } from './lazyPart';

// Quiet: when even this small download fails (offline), the panel simply shows no icon.
const ErrorIcon = lazyPart(() => import('./ErrorIcon'), { quiet: true });

const ERROR_PANEL_TITLE = "Oups ! Une erreur s'est produite";

export function ErrorPanel({
  title = ERROR_PANEL_TITLE,
  message,
  onRetry,
  showBack = true,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  showBack?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div className="error-panel" role="alert">
      <div className="error-icon" aria-hidden>
        <ErrorIcon />
      </div>
      <h2>{title}</h2>
      {message && <p>{message}</p>}
      <div className="row">
        {onRetry && (
          <button className="btn btn-primary" onClick={onRetry}>
            Réessayer
          </button>
        )}
        {showBack && (
          <button className="btn btn-ghost" onClick={() => navigate(-1)}>
            Retour
          </button>
        )}
      </div>
    </div>
  );
}
