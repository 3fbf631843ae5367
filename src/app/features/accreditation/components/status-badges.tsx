import { Badge } from '@mantine/core';
import { credentialStatusLabel, proposalStatusLabel } from '../../../../shared/accreditation';

// Dark shades so the text keeps its contrast on the light badge background.
const PROPOSAL_COLOR: Record<number, string> = { 0: 'yellow.9', 1: 'green.9', 2: 'red.9' };
const CREDENTIAL_COLOR: Record<number, string> = { 1: 'green.9', 2: 'gray.8', 3: 'orange.9' };

export function ProposalStatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="outline" color={PROPOSAL_COLOR[status] ?? 'yellow.9'}>
      {proposalStatusLabel(status)}
    </Badge>
  );
}

export function CredentialStatusBadge({ status }: { status: number | null }) {
  return (
    <Badge variant="outline" color={status == null ? 'gray.8' : (CREDENTIAL_COLOR[status] ?? 'gray.8')}>
      {credentialStatusLabel(status)}
    </Badge>
  );
}
