import { Select } from '@mantine/core';
import { NETWORK_LABELS, type ShareNetwork, type SocialNetwork } from '../../../shared/model';

// The "Add ..." choice under a social profiles or share list: the networks the block does
// not show yet; once it shows them all, the choice is gone.

export function AddNetworkSelect<N extends SocialNetwork | ShareNetwork>(props: {
  label: string;
  /** Every network the block can show. */
  networks: readonly N[];
  /** The networks it shows now. */
  shown: readonly { name: N }[];
  disabled: boolean;
  onAdd: (network: N) => void;
}) {
  const { label, networks, shown, disabled, onAdd } = props;
  const chosen = new Set<N>(shown.map((entry) => entry.name));
  const available = networks.filter((network) => !chosen.has(network));
  if (available.length === 0) return null;
  return (
    <Select
      label={label}
      placeholder="Choose a network"
      disabled={disabled}
      data={available.map((network) => ({ value: network, label: NETWORK_LABELS[network] }))}
      value={null}
      onChange={(network) => network && onAdd(network as N)}
    />
  );
}
