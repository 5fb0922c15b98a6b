/** The header of the full-screen announcement pages: back button, title, optional action. */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { ANN_TEXT } from './texts';

export function PageHeader({
  title,
  backTo,
  action,
}: {
  title: string;
  backTo: string;
  action?: ReactNode;
}) {
  return (
    <header className="ann-header">
      <Link to={backTo} className="ann-icon-btn" aria-label={ANN_TEXT.back}>
        <ArrowLeft />
      </Link>
      <h1>{title}</h1>
      {action ?? <span className="ann-header-spacer" />}
    </header>
  );
}
