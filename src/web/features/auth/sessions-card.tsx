import { useState } from 'react';
import type { SessionInfo, SignInMethod } from '#shared/contract/auth';
import { messageOf } from '../../lib/api-client.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { toast } from '../../lib/toast.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useEndSessions, useSessions } from './api.ts';
import { deviceLabel } from './device-label.ts';

const METHOD_NAMES: Record<SignInMethod, string> = {
  password: 'Password',
  'password+totp': 'Password and authenticator app',
  'password+recovery': 'Password and recovery code',
  sso: 'Single sign-on',
};

const isPhone = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile/.test(userAgent);

function SessionRow({ session, onEnd, ending }: { session: SessionInfo; onEnd: () => void; ending: boolean }) {
  const device = deviceLabel(session.userAgent);
  return (
    <li aria-label={device} className="flex items-start gap-3 px-4 py-4 sm:px-6">
      <Icon name={isPhone(session.userAgent) ? 'phone' : 'computer'} className="mt-0.5 size-6 shrink-0 text-slate-400" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900" title={session.userAgent || undefined}>
          {device}
          {session.current && <Badge tone="green">This device</Badge>}
        </p>
        {/* One line on wide screens, one fact a line on phones. */}
        <p className="mt-0.5 flex flex-col text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-1.5">
          <span className="tabular-nums">{session.ipAddress}</span>
          <span aria-hidden="true" className="max-sm:hidden">
            ·
          </span>
          <span>
            Signed in <DateTime value={session.createdAt} /> with {METHOD_NAMES[session.method].toLowerCase()}
          </span>
          <span aria-hidden="true" className="max-sm:hidden">
            ·
          </span>
          <span>Last active <DateTime value={session.lastSeenAt} /></span>
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" onClick={onEnd} busy={ending} busyText="Signing out..." aria-label={`Sign out ${device}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The user's live sessions, with "Sign out other sessions" and one-by-one sign-out. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  function endOne(id: string) {
    end.mutate(id, {
      onSuccess: () => toast.success('Session signed out'),
      onError: (error) => toast.error(messageOf(error, 'Failed to sign out the session')),
    });
  }
  function endOthers() {
    end.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Other sessions signed out');
      },
      onError: (error) => toast.error(messageOf(error, 'Failed to sign out other sessions')),
    });
  }

  return (
    <div className="rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
      {sessions.isPending ? (
        <LoadingState text="Loading sessions..." />
      ) : sessions.isError ? (
        <div className="p-4">
          <ErrorState message={messageOf(sessions.error, 'Failed to fetch your sessions')} onRetry={() => void sessions.refetch()} />
        </div>
      ) : (
        <ul aria-label="Signed-in sessions" className="divide-y divide-slate-100">
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} onEnd={() => endOne(s.id)} ending={end.isPending && end.variables === s.id} />
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm text-slate-600">{others === 0 ? 'You are signed in only here.' : `Signed in on ${others} other ${others === 1 ? 'device or browser' : 'devices or browsers'}.`}</p>
        <Button variant="secondary" disabled={others === 0} onClick={() => setConfirming(true)}>
          Sign out other sessions
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Sign out other sessions?"
        message="Every other browser and device signed in to your account will be signed out at its next request. This one stays signed in."
        confirmLabel="Sign out others"
        tone="danger"
        busy={end.isPending}
        onConfirm={endOthers}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
