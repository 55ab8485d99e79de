import { useState } from 'react';

// Shown instead of a product photo that cannot load (offline, or the image host is gone): an
// inline picture, so it never needs the network itself.
const PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#eef1f5"/><path d="M34 82l18-22 14 16 10-12 12 18z" fill="#c5ccd6"/><circle cx="78" cy="44" r="8" fill="#c5ccd6"/></svg>',
)}`;

export function ProductImage(props: { src: string | null | undefined; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = failed || !props.src ? PLACEHOLDER : props.src;
  return (
    <img
      className={props.className}
      src={src}
      alt={props.alt}
      loading="lazy"
      data-placeholder={src === PLACEHOLDER ? 'true' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
