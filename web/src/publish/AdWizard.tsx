import { Stack, Stepper } from '@mantine/core';
import { AD_LIMITS, descriptionProblem, validateAdSubmission, type FieldErrors } from '@ruedas/domain';
import { IconCreditCard, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/react';
import { apiError } from '../data/apiError';
import { useLanguage } from '../i18n';
import { ExtrasFields } from './ExtrasFields';
import { fieldMessage } from './fieldMessage';
import type { InvoiceValues } from './InvoiceFields';
import { adTotal, hasNext, step1Errors, type AdFormValues, type PlanBalance, type Prices, type WizardStep } from './rules';
import { CarStep, ConfirmStep, WizardNavigation } from './WizardSteps';

export interface WizardSubmission {
  values: AdFormValues;
  electronicInvoice: boolean;
  invoice: InvoiceValues;
}

export interface AdWizardProps {
  initial: AdFormValues;
  initialInvoice: InvoiceValues;
  initialElectronicInvoice?: boolean;
  initialStep?: WizardStep;
  prices: Prices | null;
  balances: readonly PlanBalance[];
  /** Create (Pay or Create) or edit (Save). */
  mode: 'create' | 'update';
  /** Whether a total applies (a new ad, or one still waiting for its payment). */
  charged: boolean;
  /** An owner cannot change the level of an ad that is public (it was paid for). */
  levelLocked?: boolean;
  /** Above the steps (a resume notice). */
  notice?: ReactNode;
  /** Sends the ad; a refusal is thrown (shown at the bottom, the form re-enabled). */
  onSubmit: (submission: WizardSubmission) => Promise<void>;
  /** The longest seller's description (the AD_DESCRIPTION_MAX_LENGTH global parameter); the domain's ceiling until known. */
  descriptionMaxLength?: number;
  /** Told every change (values, step, invoice): the create page keeps it as the draft. Keep it stable (useCallback). */
  onDraft?: (draft: WizardDraft) => void;
  /** Shown under the price on step 1 for the car being described (the pages' market range, issue 20); nothing when left out. */
  priceHelp?: (values: AdFormValues) => ReactNode;
}

/** What the wizard holds at a moment: the create page's draft. */
export interface WizardDraft {
  values: AdFormValues;
  step: WizardStep;
  electronicInvoice: boolean;
  invoice: InvoiceValues;
}

/**
 * The 3-step ad form of spec 02 §2 (creation and edit): step 1 the car, plan and photos; step 2
 * the extras; step 3 preview, total, electronic invoice, terms and Pay / Create. Next leaves step 1
 * only when it is valid; step 3 asks to review step 1 when it is not. The submit button is
 * disabled from the first click until the answer, so a double click sends one ad.
 */
export function AdWizard(props: AdWizardProps) {
  const { initial, prices, balances, mode, charged, levelLocked = false, notice, onSubmit } = props;
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [values, setValues] = useState<AdFormValues>(initial);
  const [step, setStep] = useState<WizardStep>(props.initialStep ?? 0);
  const [shown, setShown] = useState<Record<WizardStep, boolean>>({ 0: false, 1: false, 2: false });
  const [electronicInvoice, setElectronicInvoice] = useState(props.initialElectronicInvoice ?? false);
  const [invoice, setInvoice] = useState<InvoiceValues>(props.initialInvoice);
  // The terms were accepted when the ad was created: an edit does not ask again (issue 31).
  const [termsAccepted, setTermsAccepted] = useState(mode === 'update');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const bottom = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const { onDraft } = props;

  // Every change is handed out as a draft (the create page keeps it, so a reload loses nothing).
  useEffect(() => {
    onDraft?.({ values, step, electronicInvoice, invoice });
  }, [onDraft, values, step, electronicInvoice, invoice]);

  const descriptionMaxLength = props.descriptionMaxLength ?? AD_LIMITS.descriptionHardMaxLength;
  const tooLong = descriptionProblem(values.description, descriptionMaxLength);
  const errors1: FieldErrors = tooLong ? { ...step1Errors(values), description: tooLong } : step1Errors(values);
  const submission = validateAdSubmission({ opportunity: values, termsAccepted, electronicInvoice, invoice: electronicInvoice ? invoice : undefined });
  const errors3: FieldErrors = submission.ok ? {} : submission.errors;
  const reviewAlert = shown[2] && errors3[''] === 'opportunityReviewAlert';
  const total = prices && charged ? adTotal(prices, values, balances) : null;

  const error = (field: string) =>
    fieldMessage(field, errors1, serverErrors, shown[0] || field === 'description', language, { level: values.level, max: descriptionMaxLength });
  const error3 = (field: string) => fieldMessage(field, errors3, serverErrors, shown[2], language);

  function set<K extends keyof AdFormValues>(field: K, value: AdFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path.split('.')[0] !== field)));
  }

  function goTo(next: WizardStep) {
    setStep(next);
    window.scrollTo({ top: 0 });
  }

  function next() {
    if (step === 0) {
      setShown((current) => ({ ...current, 0: true }));
      if (Object.keys(errors1).length > 0) return showFirstError(form);
    }
    if (hasNext(step)) goTo((step + 1) as WizardStep);
  }

  async function submit() {
    if (inFlight.current) return;
    setShown({ 0: true, 1: true, 2: true });
    setFailure(null);
    if (!submission.ok) return showFirstError(form);
    inFlight.current = true;
    setSubmitting(true);
    try {
      await onSubmit({ values, electronicInvoice, invoice });
    } catch (cause) {
      const refusal = apiError(cause);
      // Field paths of the server are the ad's ('model') or the invoice's ('invoice.email').
      setServerErrors(refusal.fields);
      setFailure(refusal.message);
      bottom.current?.scrollIntoView({ block: 'end' });
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  // Until the prices arrive, a paid level or quick approval is still a payment.
  const paying = total === null ? charged && (values.level !== 'FREE' || values.autoApproval) : total > 0;
  // An edit saves, unless the ad still waits for its payment: then it is paid for, as a new one.
  const payLabel = paying && (mode === 'create' || charged) ? t('publish.step3.pay') : mode === 'update' ? t('publish.step3.save') : t('publish.step3.create');

  return (
    <Stack gap="lg" ref={form}>
      {notice}
      <Stepper active={step} onStepClick={(target) => (target < step || Object.keys(errors1).length === 0) && goTo(target as WizardStep)} size="sm">
        <Stepper.Step label={t('publish.steps.car')} description={t('publish.steps.carHint')} />
        <Stepper.Step label={t('publish.steps.extras')} description={t('publish.steps.extrasHint')} />
        <Stepper.Step label={t('publish.steps.confirm')} description={t('publish.steps.confirmHint')} />
      </Stepper>

      {step === 0 && (
        <CarStep
          values={values}
          set={set}
          setValues={setValues}
          error={error}
          language={language}
          descriptionMaxLength={descriptionMaxLength}
          prices={prices}
          balances={balances}
          levelLocked={levelLocked}
          showAlert={shown[0] && Object.keys(errors1).length > 0}
          priceHelp={props.priceHelp?.(values)}
        />
      )}

      {step === 1 && <ExtrasFields value={values.extraList} onChange={(keys) => set('extraList', keys)} locale={language} />}

      {step === 2 && (
        <ConfirmStep
          reviewAlert={reviewAlert}
          errors3={errors3}
          onReview={() => goTo(0)}
          values={values}
          language={language}
          charged={charged}
          total={total}
          electronicInvoice={electronicInvoice}
          setElectronicInvoice={setElectronicInvoice}
          invoice={invoice}
          setInvoice={setInvoice}
          error3={error3}
          termsAccepted={termsAccepted}
          askTerms={mode === 'create'}
          setTermsAccepted={setTermsAccepted}
          failure={failure}
        />
      )}

      <WizardNavigation
        bottom={bottom}
        step={step}
        submitting={submitting}
        onBack={() => goTo((step - 1) as WizardStep)}
        onNext={next}
        onSubmit={() => void submit()}
        submitIcon={mode === 'create' && paying ? <IconCreditCard size={18} /> : <IconSend size={18} />}
        submitLabel={payLabel}
      />
    </Stack>
  );
}

/**
 * Once the errors are on the page: the first field in error (in page order) is scrolled to the
 * middle of the screen and focused, so on a phone the seller sees what to fix (issue 13); without
 * one, the step's alert is shown.
 */
function showFirstError(form: RefObject<HTMLDivElement | null>) {
  requestAnimationFrame(() => {
    const root = form.current;
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = field ?? root?.querySelector<HTMLElement>('[role="alert"]');
    target?.scrollIntoView?.({ block: 'center' }); // (jsdom has none)
    field?.focus({ preventScroll: true });
  });
}
