/**
 * A large photo that respects « Économie de données »: with it on, the thumbnail (a few KB) is
 * shown enlarged with 'Afficher la photo', and the full photo loads only once tapped. Without
 * it, or without a thumbnail, the photo itself: its lite version on mobile data (LitePhoto).
 */
import { useState, type CSSProperties } from 'react';
import { Image } from 'lucide-react';
import { useDataSaver } from '../lib/dataSaver/dataSaver';
import { LitePhoto } from './LitePhoto';
import { Photo } from './Photo';
import { UI_TEXT } from './texts';
import './saverPhoto.css';

type ImgProps = {
  className?: string;
  width: number;
  height: number;
  draggable?: boolean;
  style?: CSSProperties;
};

export function SaverPhoto({
  src,
  lite,
  thumb,
  ...img
}: ImgProps & { src: string; lite?: string | null; thumb: string | null }) {
  const saver = useDataSaver();
  const [asked, setAsked] = useState(false);
  if (!saver || asked || !thumb) {
    return <LitePhoto {...img} src={src} lite={lite} />;
  }
  return (
    <div className={`${img.className ?? ''} saver-photo`} style={img.style}>
      <Photo src={thumb} width={img.width} height={img.height} draggable={false} />
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
