/**
 * The chat screens' icons as inline SVG: sharp at any size and the same on every phone (old
 * Android emoji fonts lack some emoji and draw others differently).
 */
import type { ReactNode } from 'react';

function Icon({ size = 22, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {children}
    </svg>
  );
}

export const IconSmile = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M8 14.5c1 1.3 2.3 2 4 2s3-.7 4-2" />
    <path d="M9 9.5h.01M15 9.5h.01" strokeWidth="2.6" />
  </Icon>
);

/** A handset: « Appeler » and a call's line (issue 30). */
export const IconPhone = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </Icon>
);

export const IconImage = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="3" y="4" width="18" height="16" rx="2.5" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="M21 16l-5-5-9 9" />
  </Icon>
);

export const IconMic = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="9" y="2.5" width="6" height="12" rx="3" />
    <path d="M18.5 11a6.5 6.5 0 0 1-13 0M12 17.5V21" />
  </Icon>
);

export const IconTrash = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 6.5h16M9.5 6.5V4h5v2.5M6.5 6.5l1 13.5h9l1-13.5M10 10.5v6M14 10.5v6" />
  </Icon>
);

export const IconPencil = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4" />
  </Icon>
);

export const IconBack = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const IconLock = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const IconChat = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M20.5 11.5a8 8 0 0 1-11.8 7L3.5 20l1.5-4.7A8 8 0 1 1 20.5 11.5z" />
  </Icon>
);

export const IconSearch = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20.5 20.5l-4.5-4.5" />
  </Icon>
);

export const IconBellOff = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M9.5 20a2.5 2.5 0 0 0 5 0M6 8.5a6 6 0 0 1 9.3-5M18 9.5c0 4 1.5 6 2 6.5H8M3 3l18 18M6 8.5c0 3.2-1 5.8-2 7.5h4" />
  </Icon>
);

export function IconCoin({ size = 18 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden>
      <circle cx="12" cy="12" r="10" fill="#f5b400" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke="#c98a00" strokeWidth="1.8" />
    </svg>
  );
}

/** The paper plane of the send buttons (filled, unlike the outlined icons above). */
export const IconSend = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
    <path
      fill="currentColor"
      d="M3.4 20.4l17.45-7.48a1 1 0 0 0 0-1.84L3.4 3.6a.99.99 0 0 0-1.39.91L2 9.12c0 .5.37.93.87.99L17 12 2.87 13.88c-.5.07-.87.5-.87 1l.01 4.61c0 .71.73 1.2 1.39.91z"
    />
  </svg>
);
