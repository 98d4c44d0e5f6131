/**
 * A studio screen that needs more than reading (docs/team.md): a member whose role cannot do
 * `need` is told so rather than shown a form the server refuses. Loaded lazily with the data
 * layer, like the nav's parts.
 */
import type { ReactNode } from 'react';
import { MSG } from '../../contract/messages';
import type { StudioAction } from '../lib/studio-can';
import { useStudioRole } from './useStudioRole';
import { WrongPlace } from './WrongPlace';

export default function RoleGate({ need, children }: { need: StudioAction; children: ReactNode }) {
  const { role, can } = useStudioRole();
  if (!role) return <main className="page"><p role="status">{MSG.loading}</p></main>;
  return can(need) ? children : <WrongPlace reason="roleTooLow" />;
}
