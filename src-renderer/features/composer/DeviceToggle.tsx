import { Center, SegmentedControl } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import type { PreviewDevice } from './PreviewPane';

/** Desktop or Mobile: the preview, and while composing the canvas too, take that width of the letter. */
export function DeviceToggle({ device, onChange }: { device: PreviewDevice; onChange: (device: PreviewDevice) => void }) {
  return (
    <SegmentedControl
      aria-label="Preview device"
      size="xs"
      value={device}
      onChange={(value) => onChange(value as PreviewDevice)}
      data={[
        { label: <Labelled icon={<IconDeviceDesktop size={14} />} text="Desktop" />, value: 'desktop' },
        { label: <Labelled icon={<IconDeviceMobile size={14} />} text="Mobile" />, value: 'mobile' },
      ]}
    />
  );
}

function Labelled({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Center style={{ gap: 4 }}>
      {icon}
      <span>{text}</span>
    </Center>
  );
}
