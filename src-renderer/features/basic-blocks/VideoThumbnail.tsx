import { useState } from 'react';

/**
 * A video's thumbnail with the play icon where the email draws it (in the middle). The box
 * keeps the video's 16:9 shape whether or not the thumbnail loads, so a missing thumbnail
 * neither collapses the block nor lets the icon float over what is around it.
 */
export function VideoThumbnail({ src, playIcon, width = '100%', borderRadius = 4 }: { src: string; playIcon: boolean; width?: string | number; borderRadius?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div
      role="img"
      aria-label="Video thumbnail"
      style={{ position: 'relative', width, maxWidth: '100%', aspectRatio: '16 / 9', overflow: 'hidden', borderRadius, background: '#1f1f1f' }}
    >
      {failed !== src && <img src={src} alt="" onError={() => setFailed(src)} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
      {playIcon && (
        <span
          aria-hidden
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            transform: 'translate(-50%, -50%)',
            background: '#FF0000',
            color: '#FFFFFF',
            borderRadius: 10,
            padding: '4px 16px',
            fontSize: 18,
          }}
        >
          ▶
        </span>
      )}
    </div>
  );
}
