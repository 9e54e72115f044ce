import { Group } from '../ui/Group';
import { Text } from '../ui/Text';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/TextInput';
import { useQuery } from '../data';
import { useDebouncedValue } from '../ui/hooks';
import { SEARCH_LIMITS } from '@ruedas/domain';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/react';
import type { SearchFilter } from './filter';
import { TEXT_LIMITS } from './limits';
import { SEARCH_SUGGESTIONS } from './operations';
import classes from './SimpleSearch.module.css';

/**
 * The filter rule (the domain's search filter schema, with zod) is loaded when a search is made: the
 * home page does not need it to show the box.
 */
const readFilter = (input: unknown): Promise<SearchFilter> => import('./readFilter').then((module) => module.readFilter(input).filter);

/** Suggestions are asked for once this many characters are typed. */
export const MIN_SUGGESTION_TEXT = 2;

export interface SimpleSearchProps {
  /** The text the box shows (the current search's), followed when it changes. */
  text?: string;
  /** A search: the free text as `{ text }`, or the filter of the suggestion picked. */
  onSearch: (filter: SearchFilter) => void;
  /**
   * The advanced search toggle; left out when there is no advanced panel to toggle. `visibleFrom`:
   * shown only from that breakpoint (by CSS, so the server's page already has the phone's layout).
   * Without `open` it is no toggle: it takes the person to a panel that is always shown (the results
   * page on a desktop, issue 31).
   */
  advanced?: { open?: boolean; controls: string; onToggle: () => void; visibleFrom?: 'sm' };
  /** `hero`: the home banner's large white card. */
  variant?: 'hero' | 'default';
}

/**
 * The simple search of spec 01 §2: a box with autocomplete (at most 10 suggestions of the search
 * service, asked 300 ms after the last keystroke; arrow keys to move, Enter to pick, Escape to
 * close) that searches its free text on Enter or the Search button, and the toggle of the advanced
 * search. The box is an ARIA combobox of its own (a list under the input, the active option named
 * by `aria-activedescendant`) rather than Mantine's Combobox, whose positioning engine and scroll
 * area would load with the home page (decision 0050).
 */
export function SimpleSearch({ text: shownText = '', onSearch, advanced, variant = 'default' }: SimpleSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(shownText);
  // Suggestions follow typing only: not the text a search put in the box.
  const [typing, setTyping] = useState(false);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_LIMITS.debounceMs);
  const [open, setOpen] = useState(false);
  // The option the arrow keys point at; -1 for none.
  const [active, setActive] = useState(-1);
  const listId = useId();
  const wanted = typing && debounced.length >= MIN_SUGGESTION_TEXT;
  const { data, previousData } = useQuery(SEARCH_SUGGESTIONS, { variables: { text: debounced }, skip: !wanted });
  const suggestions = wanted ? ((data ?? previousData)?.searchSuggestions.slice(0, SEARCH_LIMITS.maxSuggestions) ?? []) : [];

  useEffect(() => {
    setText(shownText);
    setTyping(false);
  }, [shownText]);

  const listed = suggestions.map((suggestion) => suggestion.label).join('\n');
  useEffect(() => {
    // New suggestions: nothing is picked until an arrow key says so.
    setActive(-1);
  }, [listed]);
  const shown = open && suggestions.length > 0;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (filter: SearchFilter) => {
    setTyping(false);
    close();
    onSearch(filter);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void readFilter({ text }).then(search);
  };
  const pick = (index: number) => {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    setText(suggestion.label);
    void readFilter(suggestion.filter).then(search);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index < 0 && step < 0 ? count - 1 : (index + step + count) % count));
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      close();
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  const hero = variant === 'hero';
  return (
    // Without JavaScript the form still searches: a plain GET of the results page with `q`.
    <form onSubmit={submit} role="search" aria-label={t('search.boxLabel')} action="/searchingOpportunities" method="get">
      <Group gap="xs" wrap="nowrap" align="center">
        <div className={classes.box}>
          <TextInput
            size="md"
            variant={hero ? 'unstyled' : 'default'}
            aria-label={t('search.boxLabel')}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={shown ? listId : undefined}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            name="q"
            placeholder={t('search.placeholder')}
            leftSection={<IconSearch size={18} />}
            value={text}
            maxLength={TEXT_LIMITS.text}
            autoComplete="off"
            onChange={(event) => {
              setText(event.currentTarget.value);
              setTyping(true);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          {shown && (
            <ul className={classes.list} role="listbox" id={listId} aria-label={t('search.suggestions')}>
              {suggestions.map((suggestion, index) => (
                <li
                  key={`${suggestion.kind}:${suggestion.label}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={classes.option}
                  // Keeps the focus in the box, so the click picks before the blur closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(index)}
                >
                  <Text size="sm">{suggestion.label}</Text>
                  <Badge size="xs" variant="light" color={suggestion.kind === 'QUERY' ? 'gray' : 'ruedas'}>
                    {t(`search.kind.${suggestion.kind}`)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" size="md">
          {t('search.submit')}
        </Button>
      </Group>
      {advanced && (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ marginTop: 6 }}
          visibleFrom={advanced.visibleFrom}
          onClick={advanced.onToggle}
          aria-expanded={advanced.open}
          aria-controls={advanced.open === undefined ? undefined : advanced.controls}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
        >
          {t('search.advanced')}
        </Button>
      )}
    </form>
  );
}
