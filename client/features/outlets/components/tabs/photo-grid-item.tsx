import type { MouseEvent } from 'react';

/**
 * One photo of an outlet tab's grid, loaded lazily. A tap opens the viewer (`onOpen`, photo-viewer.tsx);
 * the link still points at the picture, for a new tab or a browser without the app's code.
 */
export function PhotoGridItem({
  photo,
  alt,
  onOpen,
}: {
  photo: { url: string; width: number; height: number };
  alt: string;
  onOpen: () => void;
}) {
  const open = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <li>
      <a href={photo.url} className="photo-grid__link" onClick={open}>
        <img src={photo.url} alt={alt} width={photo.width} height={photo.height} loading="lazy" decoding="async" />
      </a>
    </li>
  );
}
