/**
 * The message line of a form. Its slot keeps its height, so a message appearing does not push
 * the buttons down under the thumb; errors are announced (role=alert), the rest politely.
 */
export interface Notice {
  kind: 'error' | 'success' | 'info';
  text: string;
}

export function FormMessage({ notice }: { notice: Notice | null }) {
  return (
    <div className="form-msg-slot">
      <div role="alert">
        {notice?.kind === 'error' && <p className="form-msg form-msg-error">{notice.text}</p>}
      </div>
      <div role="status">
        {notice && notice.kind !== 'error' && (
          <p className={`form-msg form-msg-${notice.kind}`}>{notice.text}</p>
        )}
      </div>
    </div>
  );
}
