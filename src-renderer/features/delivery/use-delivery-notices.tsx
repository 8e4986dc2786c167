import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { deliveryNotice } from '../../../shared/model/delivery-notice';
import { getBridge } from '../../app/bridge';

const TONE_COLOR = { info: 'blue', success: 'teal', error: 'red' } as const;
/** News goes by itself; a stopped send waits to be read. */
const NEWS_AUTO_CLOSE_MS = 8000;

/**
 * News of scheduled sends in the browser host, as toasts with the native notification's
 * words. In the desktop app main shows them natively (even with no window open), so the
 * page stays quiet there rather than saying it twice.
 */
export function useDeliveryNotices(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const bridge = getBridge();
    if (bridge.desktop) return undefined;
    return bridge.on('delivery.event', (event) => {
      const notice = deliveryNotice(event);
      // A send's outcome takes the place of its 'Sending' toast, which it says more than.
      const startedId = `delivery-started-${event.letterUniqueId}`;
      if (event.kind !== 'started') notifications.hide(startedId);
      const id = event.kind === 'started' ? startedId : `delivery-${event.id}`;
      notifications.show({
        id,
        title: notice.title,
        color: TONE_COLOR[notice.tone],
        autoClose: notice.tone === 'error' ? false : NEWS_AUTO_CLOSE_MS,
        message: (
          <>
            <Text size="sm">{notice.body}</Text>
            <Anchor
              component="button"
              size="sm"
              onClick={() => {
                notifications.hide(id);
                navigate(notice.route);
              }}
            >
              {notice.routeLabel}
            </Anchor>
          </>
        ),
      });
    });
  }, [navigate]);
}
