import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, fetchQuery, getRequest, type Disposable } from 'relay-runtime';
import styled from 'styled-components';
import { Spinner } from '../../../components/Spinner.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { GraphQLRequestError, restartSubscriptions } from '../../../relay/environment.ts';
import { useSession } from '../../../session/useSession.ts';
import type { WidgetTicketQuery as WidgetTicketQueryType } from '../../../__generated__/WidgetTicketQuery.graphql.ts';
import type { WidgetViewerEmailQuery as WidgetViewerEmailQueryType } from '../../../__generated__/WidgetViewerEmailQuery.graphql.ts';
import { linkCreatedTicket, useWidgetCreateTicketMutation } from './WidgetCreateTicketMutation.ts';
import { SupportConversation } from './SupportConversation.tsx';
import { SupportIntro } from './SupportIntro.tsx';
import { SupportTicketForm } from './SupportTicketForm.tsx';
import { WidgetTicketQuery } from './WidgetTicketQuery.ts';
import { WidgetViewerEmailQuery } from './WidgetViewerEmailQuery.ts';
import { rememberTicket, storedTicketId } from './supportStorage.ts';
import { EMPTY_DRAFT, missingFields, ticketInput, type RequiredField, type TicketDraft } from './supportRules.ts';

export type SupportPanelProps = {
  /** shown (it stays mounted while closed, so drafts survive) */
  open: boolean;
  /** the visitor opened the panel: move focus into each view as it appears */
  autoFocus: boolean;
  /** a ticket named by the address (`?supportTicket=`); seq changes for every new request */
  linked: { id: string; seq: number } | null;
};

type View = 'loading' | 'intro' | 'form' | 'conversation';

const Center = styled.div`
  flex: 1;
  display: grid;
  place-items: center;
`;

const CREATE_FAILED = 'Failed to create support ticket. Please try again.';
const NOT_HERE = 'This ticket opens in the browser that created it, or when you are logged in as its owner.';
const NOT_LOADED = 'This ticket could not be loaded. Please try again later.';
const MAX_LIVE_RETRIES = 3;
/** longer than graphql-ws's first reconnect wait (1 s plus up to 3 s) */
const CATCH_UP_MS = 5000;

const REQUIRED: readonly string[] = ['name', 'email', 'subject', 'message'];

/** The server answered that this ticket is not (or no longer) readable here, so it can be forgotten. */
function refused(error: unknown): boolean {
  return error instanceof GraphQLRequestError && (error.status ?? 200) < 500;
}

function PanelLoading() {
  return (
    <Center>
      <Spinner size={22} label="Loading your ticket" />
    </Center>
  );
}

/** The widget's views (intro, new-ticket form, conversation) and everything they send. */
export function SupportPanel({ open, autoFocus, linked }: SupportPanelProps) {
  const environment = useRelayEnvironment();
  const { viewer } = useSession();
  const { toast } = useToast();
  const [commitCreate] = useWidgetCreateTicketMutation();

  const [view, setView] = useState<View>('loading');
  const [ticketId, setTicketId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [draft, setDraft] = useState<TicketDraft>(EMPTY_DRAFT);
  const [invalid, setInvalid] = useState<RequiredField[]>([]);
  const [busy, setBusy] = useState(false);
  // after the first step inside the panel, each new view takes focus
  const [stepped, setStepped] = useState(false);
  const [liveEpoch, setLiveEpoch] = useState(0);

  // the shown ticket stays in the store while it is shown (the conversation's query reads it)
  const held = useRef<Disposable | null>(null);
  const request = useRef(0);
  const liveRetries = useRef(0);
  const liveRetryPending = useRef(false);

  const hold = useCallback(
    (id: string | null) => {
      held.current?.dispose();
      held.current = id ? environment.retain(createOperationDescriptor(getRequest(WidgetTicketQuery), { id })) : null;
    },
    [environment],
  );
  useEffect(() => () => held.current?.dispose(), []);

  const showTicket = useCallback(
    (id: string) => {
      hold(id);
      rememberTicket(id);
      setTicketId(id);
      setNotice(null);
      setView('conversation');
    },
    [hold],
  );

  const forgetTicket = useCallback(() => {
    hold(null);
    rememberTicket(null);
    setTicketId(null);
  }, [hold]);

  /** Reads the ticket from the server; `onRefused` runs when this browser may not (or no longer) read it. */
  const loadTicket = useCallback(
    (id: string, { onRefused, showLoading }: { onRefused: () => void; showLoading: boolean }) => {
      const seq = ++request.current;
      if (showLoading) setView('loading');
      return fetchQuery<WidgetTicketQueryType>(environment, WidgetTicketQuery, { id }, { fetchPolicy: 'network-only' })
        .toPromise()
        .then(
          () => {
            if (seq !== request.current) return false;
            // a refresh only brings the store up to date
            if (showLoading) showTicket(id);
            return true;
          },
          (error: unknown) => {
            if (seq !== request.current) return false;
            // a failed load is logged only; the visitor simply gets the intro
            console.warn('[support] the ticket could not be loaded', error);
            if (refused(error)) {
              onRefused();
              setView('intro');
            } else if (showLoading) {
              setNotice(NOT_LOADED);
              setView('intro');
            }
            // else a refresh of the shown ticket failed (offline): keep showing what we have
            return false;
          },
        );
    },
    [environment, showTicket],
  );

  // on load: the ticket the address names, else the one this browser remembers
  const linkedSeq = linked?.seq;
  useEffect(() => {
    if (linked) {
      void loadTicket(linked.id, {
        showLoading: true,
        onRefused: () => {
          // the remembered ticket (if any) stays remembered: it is still this browser's
          hold(null);
          setTicketId(null);
          setNotice(NOT_HERE);
        },
      });
      return;
    }
    const stored = storedTicketId();
    if (stored) void loadTicket(stored, { showLoading: true, onRefused: forgetTicket });
    else setView('intro');
    // a new link (seq) is a new request; the first render decides between link and memory
  }, [linkedSeq]);

  // Catch up on replies missed while the panel was closed, and re-check access after a login or
  // logout (the session changed, so the grant may be all that is left, or nothing).
  const wasOpen = useRef(open);
  const lastViewer = useRef(viewer?.id ?? null);
  useEffect(() => {
    const reopened = open && !wasOpen.current;
    const viewerChanged = (viewer?.id ?? null) !== lastViewer.current;
    wasOpen.current = open;
    lastViewer.current = viewer?.id ?? null;
    if (view === 'conversation' && ticketId && (reopened || viewerChanged)) {
      void loadTicket(ticketId, { showLoading: false, onRefused: forgetTicket });
    }
  }, [open, viewer?.id]);

  // A subscription starts listening only once the socket is (re)connected, which after a restart
  // takes graphql-ws a few seconds: read the ticket once more after that, so a reply or a status
  // change in the gap still shows.
  const live = open && view === 'conversation' && ticketId != null;
  useEffect(() => {
    if (!live || !ticketId) return;
    const timer = window.setTimeout(() => void loadTicket(ticketId, { showLoading: false, onRefused: forgetTicket }), CATCH_UP_MS);
    return () => window.clearTimeout(timer);
  }, [live, ticketId, liveEpoch]);

  useEffect(() => {
    liveRetries.current = 0;
  }, [ticketId]);

  // A dropped subscription: the ticket may have become unreadable (logout), or the socket
  // reconnected without it. Check, then subscribe again a few times before giving up.
  const onLiveError = useCallback(
    (error: Error) => {
      console.warn('[support] live updates stopped', error);
      if (!ticketId || liveRetryPending.current || liveRetries.current >= MAX_LIVE_RETRIES) return;
      liveRetryPending.current = true;
      liveRetries.current += 1;
      const attempt = liveRetries.current;
      void loadTicket(ticketId, { showLoading: false, onRefused: forgetTicket }).then((readable) => {
        window.setTimeout(() => {
          liveRetryPending.current = false;
          if (readable) setLiveEpoch((n) => n + 1);
        }, 500 * attempt);
      });
    },
    [ticketId, loadTicket, forgetTicket],
  );

  function step(next: View) {
    setStepped(true);
    setView(next);
  }

  function startForm() {
    setNotice(null);
    step('form');
    if (!viewer) return;
    // logged in: name and email prefilled, unless already typed
    setDraft((d) => (d.name ? d : { ...d, name: viewer.name }));
    fetchQuery<WidgetViewerEmailQueryType>(environment, WidgetViewerEmailQuery, {}, { fetchPolicy: 'store-or-network' })
      .toPromise()
      .then(
        (data) => {
          const email = data?.viewer?.email;
          if (email) setDraft((d) => (d.email ? d : { ...d, email }));
        },
        (error: unknown) => console.warn('[support] the email could not be prefilled', error),
      );
  }

  function create() {
    if (busy) return;
    const missing = missingFields(draft);
    if (missing.length) {
      setInvalid(missing);
      toast({ title: 'Missing Information', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    setInvalid([]);
    setBusy(true);
    commitCreate({
      variables: { input: ticketInput(draft) },
      updater: linkCreatedTicket,
      onCompleted: ({ createSupportTicket: r }) => {
        setBusy(false);
        if (r.__typename === 'MutationCreateSupportTicketSuccess' && r.data) {
          // the answer set this browser's grant cookie; the socket must carry it before subscribing
          restartSubscriptions();
          setDraft(EMPTY_DRAFT);
          setStepped(true);
          showTicket(r.data.ticketId);
          toast({ title: 'Support Ticket Created', description: "We've received your request and will respond soon." });
          return;
        }
        if (r.__typename === 'ValidationError') {
          setInvalid((r.fieldErrors ?? []).map((f) => f.field).filter((f): f is RequiredField => REQUIRED.includes(f)));
        }
        // a rate limit or a field the server refused says what to do; anything else may work on a retry
        const specific = (r.__typename === 'RateLimitedError' || r.__typename === 'ValidationError') && r.message;
        toast({ title: 'Error', description: specific || CREATE_FAILED, variant: 'destructive' });
      },
      onError: () => {
        setBusy(false);
        toast({ title: 'Error', description: CREATE_FAILED, variant: 'destructive' });
      },
    });
  }

  function startNew() {
    if (busy) return;
    // a refresh still on its way must not bring the old ticket back
    request.current += 1;
    forgetTicket();
    setNotice(null);
    step('intro');
  }

  const focus = autoFocus || stepped;

  switch (view) {
    case 'loading':
      return <PanelLoading />;
    case 'form':
      return (
        <SupportTicketForm
          draft={draft}
          onChange={setDraft}
          invalid={invalid}
          busy={busy}
          onSubmit={create}
          onCancel={() => step('intro')}
          autoFocus={focus}
        />
      );
    case 'conversation':
      if (ticketId) {
        return (
          <ErrorBoundary
            resetKeys={[ticketId]}
            fallback={() => <SupportIntro notice={NOT_LOADED} onStart={startForm} autoFocus={false} />}
          >
            <Suspense fallback={<PanelLoading />}>
              <SupportConversation
                ticketId={ticketId}
                live={open}
                liveEpoch={liveEpoch}
                onLiveError={onLiveError}
                busy={busy}
                setBusy={setBusy}
                onStartNew={startNew}
                autoFocus={focus}
              />
            </Suspense>
          </ErrorBoundary>
        );
      }
      return <SupportIntro notice={notice} onStart={startForm} autoFocus={focus} />;
    default:
      return <SupportIntro notice={notice} onStart={startForm} autoFocus={focus} />;
  }
}
