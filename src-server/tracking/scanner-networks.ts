import { BlockList, isIPv4, isIPv6 } from 'node:net';

// Address ranges of email security gateways, whose link scanners follow the links of every
// email they let through: a click from one is the gateway's, not the reader's. A starting
// list, from the ranges the vendors publish for their mail gateways (the scanners mostly
// fetch from the same networks); add a vendor's range as `address/prefix` with its name.
// A reverse proxy in front of the platform must set Fastify's trustProxy so request.ip is
// the caller's (decisions.md "Report rollups").

export const SCANNER_NETWORKS: ReadonlyArray<{ vendor: string; cidr: string }> = [
  // Barracuda Email Security (Essentials)
  { vendor: 'Barracuda', cidr: '64.235.144.0/20' },
  { vendor: 'Barracuda', cidr: '209.222.80.0/21' },
  // Mimecast (US and UK gateways)
  { vendor: 'Mimecast', cidr: '205.139.110.0/24' },
  { vendor: 'Mimecast', cidr: '207.211.30.0/24' },
  { vendor: 'Mimecast', cidr: '216.205.24.0/24' },
  { vendor: 'Mimecast', cidr: '170.10.128.0/24' },
  { vendor: 'Mimecast', cidr: '195.130.217.0/24' },
  { vendor: 'Mimecast', cidr: '91.220.42.0/24' },
  { vendor: 'Mimecast', cidr: '146.101.78.0/24' },
  // Proofpoint (hosted gateways, pphosted.com)
  { vendor: 'Proofpoint', cidr: '148.163.128.0/19' },
  { vendor: 'Proofpoint', cidr: '67.231.144.0/20' },
  // Microsoft Exchange Online Protection (Defender for Office 365, Safe Links)
  { vendor: 'Microsoft', cidr: '40.92.0.0/15' },
  { vendor: 'Microsoft', cidr: '40.107.0.0/16' },
  { vendor: 'Microsoft', cidr: '52.100.0.0/14' },
  { vendor: 'Microsoft', cidr: '104.47.0.0/17' },
];

/** The list as a BlockList (one lookup per click, whatever its length). */
function blockListOf(networks: ReadonlyArray<{ cidr: string }>): BlockList {
  const list = new BlockList();
  for (const { cidr } of networks) {
    const [address, prefix] = cidr.split('/');
    list.addSubnet(address!, Number(prefix), isIPv6(address!) ? 'ipv6' : 'ipv4');
  }
  return list;
}

const scanners = blockListOf(SCANNER_NETWORKS);

/** IPv4 addresses written as IPv6 (::ffff:a.b.c.d, how a dual-stack socket reports them) are read as IPv4. */
export function isScannerAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  if (isIPv4(plain)) return scanners.check(plain, 'ipv4');
  if (isIPv6(plain)) return scanners.check(plain, 'ipv6');
  return false;
}
