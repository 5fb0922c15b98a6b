/**
 * The app's heart logo, the drawing of favicon.svg, in the colour of the text around it. It is
 * the brand, not an interface icon: inline, so the sign-in screens draw it without loading the
 * icon set.
 */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="8 8 84 84" width="1em" height="1em" aria-hidden="true">
      <path
        d="M50 88 L16 54 C3 41 4 22 18 14 C31 7 44 12 50 24 C56 12 69 7 82 14 C96 22 97 41 84 54 Z"
        fill="currentColor"
      />
    </svg>
  );
}
