import { Alert, Loader, Modal } from '@mantine/core';
import { useGetCollateralPreviewQuery } from './promotions-api';

/**
 * A promotion as the letter will show it, rendered by the platform with MJML. Sandboxed
 * with nothing allowed, like the composer's preview.
 */
export function CollateralPreview({ promotionId, headline, onClose }: { promotionId: number; headline: string; onClose: () => void }) {
  const { data, error } = useGetCollateralPreviewQuery({ promotionId });
  return (
    <Modal opened onClose={onClose} title={`Preview: ${headline}`} size="xl">
      {error && <Alert color="red">{'message' in error ? String(error.message) : 'The preview could not be made.'}</Alert>}
      {!data && !error && <Loader aria-label="Rendering the preview" />}
      {data && <iframe title="Promotion preview" sandbox="" srcDoc={data.html} style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)', background: 'white' }} />}
    </Modal>
  );
}
