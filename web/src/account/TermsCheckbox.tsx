import { Anchor, Checkbox } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { siteConfig } from '../config/site';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The translated message when the terms were not accepted on an attempt. */
  error?: string | null;
  /** The sentence before the link, and the link's text (the publishing steps' by default). */
  text?: string;
  linkText?: string;
}

/**
 * "I accept the terms and conditions", linking the terms PDF in a new tab: registration, the ad
 * wizard's last step and the plan purchase.
 */
export function TermsCheckbox({ checked, onChange, error, text, linkText }: TermsCheckboxProps) {
  const { t } = useTranslation();
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
      label={
        <>
          {text ?? t('publish.step3.terms')}{' '}
          <Anchor href={siteConfig.termsPdf} target="_blank" rel="noopener noreferrer">
            {linkText ?? t('publish.step3.termsLink')}
          </Anchor>
        </>
      }
    />
  );
}
