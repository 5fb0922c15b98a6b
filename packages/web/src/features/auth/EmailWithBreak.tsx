/**
 * An e-mail address shown in a sentence (the code and reset screens): on its own line, and
 * allowed to wrap only before its @, so a long address is never cut mid-word at 360 px.
 */
export function EmailWithBreak({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <strong className="otp-email">
      {at <= 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      )}
    </strong>
  );
}
