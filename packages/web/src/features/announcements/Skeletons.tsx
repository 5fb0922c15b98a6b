/** Grey placeholders with the shape of the cards, while the first page loads. */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden className="ann-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ann-card ann-skeleton">
          <div className="ann-card-head">
            <div className="sk sk-photo" />
            <div className="ann-who">
              <div className="sk sk-line sk-w60" />
              <div className="sk sk-line sk-w30" />
              <div className="sk sk-line sk-w45" />
            </div>
          </div>
          <div className="sk sk-line" />
          <div className="sk sk-line sk-w80" />
          <div className="sk sk-button" />
        </div>
      ))}
    </div>
  );
}

export function ListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden className="ann-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ann-card ann-skeleton">
          <div className="sk sk-line sk-w45" />
          <div className="sk sk-line" />
          <div className="sk sk-line sk-w80" />
        </div>
      ))}
    </div>
  );
}
