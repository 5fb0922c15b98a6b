/** The frame of every sign-in screen: brand band, then a card with the title and the form. */
import type { ReactNode } from 'react';
import { BrandMark } from '../../ui/BrandMark';
import { AUTH_TEXT } from './texts';

export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <header className="auth-brand">
        <span className="auth-brand-row">
          <span className="auth-logo" aria-hidden>
            <BrandMark />
          </span>
          <span className="auth-brand-name">{AUTH_TEXT.brand}</span>
        </span>
        <span className="auth-tagline">{AUTH_TEXT.tagline}</span>
      </header>
      <main className="auth-card">
        <h1>{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </main>
      {footer && <footer className="auth-footer">{footer}</footer>}
    </div>
  );
}
