/** One photo of an outlet tab's grid: opens the full picture in a new tab, loads lazily. */
export function PhotoGridItem({ photo, alt }: { photo: { url: string; width: number; height: number }; alt: string }) {
  return (
    <li>
      <a href={photo.url} target="_blank" rel="noreferrer" className="photo-grid__link">
        <img src={photo.url} alt={alt} width={photo.width} height={photo.height} loading="lazy" decoding="async" />
      </a>
    </li>
  );
}
