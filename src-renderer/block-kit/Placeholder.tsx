import type { ReactNode } from 'react';

/** What a block shows on the canvas until it has content: a dashed box with the spec's text. */
export function Placeholder({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        border: '1px dashed #adb5bd',
        borderRadius: 4,
        padding: '16px 12px',
        textAlign: 'center',
        color: '#495057',
        fontFamily: 'system-ui, sans-serif',
        fontSize: 14,
        background: '#f8f9fa',
      }}
    >
      {children}
    </div>
  );
}
