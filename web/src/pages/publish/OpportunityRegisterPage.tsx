import { Alert, Button, Center, Container, Group, Loader, Text, Title } from '@mantine/core';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../router';
import type { Level } from '../../../generated/gql/graphql';
import { MY_PROFILE } from '../../account/operations';
import { readable } from '../../account/privateFields';
import { AdWizard, type WizardDraft, type WizardSubmission } from '../../publish/AdWizard';
import { draftStore } from '../../publish/draft';
import { ProposalsContext } from '../../publish/proposals';
import { useModelProposals } from '../../publish/useModelProposals';
import { MarketRange } from '../../publish/MarketRange';
import { CHECKOUT_OPPORTUNITY, invoiceArgument, invoiceValues, OPPORTUNITY_INVOICE, usePricesAndBalances, type AdInvoice } from '../../publish/billing';
import { emptyInvoice, type InvoiceValues } from '../../publish/InvoiceFields';
import { AD_DESCRIPTION_MAX_LENGTH, AD_TO_EDIT, CREATE_OPPORTUNITY, UPDATE_OPPORTUNITY } from '../../publish/operations';
import { newAdValues, newRequestId, opportunityInput, storedAdValues, type AdFormValues, type WizardStep } from '../../publish/rules';
import { wipStore } from '../../publish/wip';

interface Start {
  values: AdFormValues;
  invoice: InvoiceValues;
  electronicInvoice: boolean;
  /** The unpaid ad being resumed. */
  resumed: string | null;
  /** The draft being taken up again (before any ad was created): the step it was on. */
  drafted?: WizardStep;
}

/**
 * /opportunityRegister: the creation wizard. With a work-in-progress marker of this seller (an ad
 * created but not paid), that ad and its invoice are loaded and the wizard resumes on step 3.
 * Otherwise a draft of this seller (what was written before a reload, issue 13) is taken up again,
 * filled in from the first step, with Start over.
 */
export default function OpportunityRegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('publish.title')} · ${t('app.name')}`);
  const client = useApolloClient();
  const profile = useQuery(MY_PROFILE, { fetchPolicy: 'network-only' });
  const me = profile.data ? readable(profile.data.me) : undefined;
  const [start, setStart] = useState<Start | null>(null);

  useEffect(() => {
    if (!me || start) return;
    const fresh: Start = { values: newAdValues(me), invoice: emptyInvoice(), electronicInvoice: false, resumed: null };
    const marker = wipStore.read(me.id);
    const draft = draftStore.read(me.id);
    if (!marker && draft) {
      return setStart({
        values: { ...fresh.values, ...draft.values },
        invoice: { ...fresh.invoice, ...draft.invoice },
        electronicInvoice: draft.electronicInvoice,
        resumed: null,
        drafted: draft.step,
      });
    }
    if (!marker) return setStart(fresh);
    void resume(marker.opportunityId).then((resumed) => {
      if (!resumed) wipStore.clear(marker.opportunityId);
      setStart(resumed ?? fresh);
    });

    async function resume(opportunityId: string): Promise<Start | null> {
      try {
        const [ad, invoice] = await Promise.all([
          client.query({ query: AD_TO_EDIT, variables: { id: opportunityId }, fetchPolicy: 'network-only' }),
          client.query({ query: OPPORTUNITY_INVOICE, variables: { opportunityId }, fetchPolicy: 'network-only' }),
        ]);
        const stored = ad.data?.opportunity;
        const open: AdInvoice | null | undefined = invoice.data?.opportunityInvoice;
        // Only an ad still waiting for its payment is resumed.
        if (!stored || !stored.isMine || stored.status !== 'PENDING_APPROVAL' || !stored.paymentPending) return null;
        if (open && open.status !== 'NEW') return null;
        return {
          values: storedAdValues(stored),
          invoice: open?.electronicInvoice ? invoiceValues(open.electronicInvoice) : emptyInvoice(),
          electronicInvoice: Boolean(open?.electronicInvoice),
          resumed: opportunityId,
        };
      } catch {
        return null;
      }
    }
  }, [me, start, client]);

  return (
    <Container size="lg" py="lg">
      <Title order={1} mb="md">
        {t('publish.title')}
      </Title>
      {start && me ? (
        <Wizard
          key={start.resumed ?? (start.drafted !== undefined ? 'draft' : 'new')}
          start={start}
          userId={me.id}
          onStartOver={() => {
            wipStore.clear();
            draftStore.clear();
            setStart({ values: newAdValues(me), invoice: emptyInvoice(), electronicInvoice: false, resumed: null });
          }}
        />
      ) : profile.error ? (
        <Alert color="red">{profile.error.message}</Alert>
      ) : (
        <Center py={120}>
          <Loader aria-label={t('app.loading')} />
        </Center>
      )}
    </Container>
  );
}

function Wizard({ start, userId, onStartOver }: { start: Start; userId: string; onStartOver: () => void }) {
  const navigate = useNavigate();
  const { prices, balances } = usePricesAndBalances();
  const descriptionMaxLength = useQuery(AD_DESCRIPTION_MAX_LENGTH).data?.adDescriptionMaxLength;
  const [create] = useMutation(CREATE_OPPORTUNITY);
  const [update] = useMutation(UPDATE_OPPORTUNITY);
  const [checkout] = useMutation(CHECKOUT_OPPORTUNITY);
  // The ad once created: a second submit (after a refused payment step) updates it, never creates another.
  const created = useRef<string | null>(start.resumed);
  // The idempotency key of this wizard's ad: a repeated create answers the same ad.
  const [requestId] = useState(newRequestId);
  // The draft is kept until the ad exists (then the work-in-progress marker takes over); an untouched form is no draft.
  const untouched = useRef(JSON.stringify(start.values));
  const keepDraft = useCallback(
    (draft: WizardDraft) => {
      if (created.current) return;
      if (start.drafted === undefined && draft.step === 0 && !draft.electronicInvoice && JSON.stringify(draft.values) === untouched.current) return;
      draftStore.save(userId, draft);
    },
    [userId, start.drafted],
  );

  async function submit({ values, electronicInvoice, invoice }: WizardSubmission) {
    const input = opportunityInput(values);
    if (!input) return;
    let opportunityId = created.current;
    // What the ad was saved with, handed to billing (it may not have read listings' event yet).
    let saved: { level: Level; autoApproval: boolean };
    if (opportunityId) {
      const { data } = await update({ variables: { id: opportunityId, input } });
      if (!data) return;
      saved = data.updateOpportunity;
    } else {
      const { data } = await create({ variables: { input, requestId } });
      if (!data) return;
      opportunityId = data.createOpportunity.id;
      saved = data.createOpportunity;
      created.current = opportunityId;
      wipStore.save({ userId, opportunityId });
      draftStore.clear();
    }
    const { data } = await checkout({
      variables: { opportunityId, invoice: invoiceArgument(electronicInvoice, invoice), level: saved.level, autoApproval: saved.autoApproval },
    });
    if (!data) return;
    const result = data.checkoutOpportunity;
    if (result.redirectUrl && !result.isPayed) {
      // The marker stays until the payment is confirmed: a declined or abandoned payment resumes here.
      window.location.assign(result.redirectUrl);
      return;
    }
    wipStore.clear(opportunityId);
    const to = result.isPayed ? '/opportunityRegisterResultView' : '/noPayedOpportunityResultView';
    await navigate(`${to}?${new URLSearchParams({ opportunityId })}`);
  }

  return (
    <ProposalsContext.Provider value={useModelProposals}>
      <AdWizard
        initial={start.values}
        initialInvoice={start.invoice}
        initialElectronicInvoice={start.electronicInvoice}
        initialStep={start.resumed ? 2 : 0}
        prices={prices}
        balances={balances}
        mode="create"
        descriptionMaxLength={descriptionMaxLength}
        charged
        onSubmit={submit}
        onDraft={keepDraft}
        priceHelp={(values) => <MarketRange values={values} />}
        notice={
          start.drafted !== undefined ? (
            <StartOverNotice kind="draft" onStartOver={onStartOver} />
          ) : (
            start.resumed && <StartOverNotice kind="resume" onStartOver={onStartOver} />
          )
        }
      />
    </ProposalsContext.Provider>
  );
}

/** The notice over a wizard that starts from saved work: a draft of this device ("draft") or a half-made ad ("resume"), with a way to start over. */
function StartOverNotice({ kind, onStartOver }: { kind: 'draft' | 'resume'; onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" icon={<IconInfoCircle size={20} />} data-testid={`${kind}-notice`} title={t(`publish.${kind}.title`)}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t(`publish.${kind}.text`)}</Text>
        <Button size="xs" variant="light" onClick={onStartOver}>
          {t('publish.resume.startOver')}
        </Button>
      </Group>
    </Alert>
  );
}
