import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { LEAVE_WARNING } from '../../../../shared/rules/schedule-actions';

/**
 * Leaving the schedule step asks first (spec 1 §4 'Newsletter not scheduled'): any in-app
 * navigation away from the letter, and closing or reloading the window. 'Preview and
 * schedule' stays on the schedule step.
 */
export function LeaveGuard({ active, isThisLetter }: { active: boolean; isThisLetter: (pathname: string) => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname && !isThisLetter(nextLocation.pathname),
  );

  // The status can change while the dialog is open (the letter was scheduled elsewhere).
  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.proceed();
  }, [active, blocker]);

  // Browsers show their own wording here; Electron lets its main process ask (will-prevent-unload).
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = LEAVE_WARNING.message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title={LEAVE_WARNING.title} centered>
      <Text size="sm">{LEAVE_WARNING.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.proceed?.()}>
          {LEAVE_WARNING.leave}
        </Button>
        <Button onClick={() => blocker.reset?.()} data-autofocus>
          {LEAVE_WARNING.stay}
        </Button>
      </Group>
    </Modal>
  );
}
