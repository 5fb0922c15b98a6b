/**
 * A large photo that respects « Économie de données »: with it on, the thumbnail (a few KB) is
 * shown enlarged with 'Afficher la photo', and the full photo loads only once tapped. Without
 * it, or without a thumbnail, the photo itself.
 */
import { useState, type CSSProperties } from 'react';
import { Image } from 'lucide-react';
import { useDataSaver } from '../lib/dataSaver/dataSaver';
import { UI_TEXT } from './texts';
import './saverPhoto.css';

export function SaverPhoto({
  src,
  thumb,
  className,
  width,
  height,
  draggable,
  style,
}: {
  src: string;
  thumb: string | null;
  className?: string;
  width: number;
  height: number;
  draggable?: boolean;
  style?: CSSProperties;
}) {
  const saver = useDataSaver();
  const [asked, setAsked] = useState(false);
  if (!saver || asked || !thumb) {
    return (
      <img
        className={className}
        src={src}
        alt=""
        width={width}
        height={height}
        draggable={draggable}
        decoding="async"
        style={style}
      />
    );
  }
  return (
    <div className={`${className ?? ''} saver-photo`} style={style}>
      <img src={thumb} alt="" width={width} height={height} draggable={false} />
      <button
        type="button"
        className="saver-reveal"
        onPointerDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          setAsked(true);
        }}
      >
        <Image aria-hidden /> {UI_TEXT.showPhoto}
      </button>
    </div>
  );
}
