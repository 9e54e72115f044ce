import { Badge, Button, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_LIMITS } from '@ruedas/domain';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchFilter } from './filter';
import { TEXT_LIMITS } from './limits';
import { SEARCH_SUGGESTIONS } from './operations';

/**
 * The filter rule (the domain's search filter schema, with zod) is loaded when a search is made: the
 * home page does not need it to show the box.
 */
const readFilter = (input: unknown): Promise<SearchFilter> => import('./filter').then((module) => module.readFilter(input).filter);

/** Suggestions are asked for once this many characters are typed. */
export const MIN_SUGGESTION_TEXT = 2;

export interface SimpleSearchProps {
  /** The text the box shows (the current search's), followed when it changes. */
  text?: string;
  /** A search: the free text as `{ text }`, or the filter of the suggestion picked. */
  onSearch: (filter: SearchFilter) => void;
  /** The advanced search toggle; left out when there is no advanced panel to toggle. */
  advanced?: { open: boolean; controls: string; onToggle: () => void };
  /** `hero`: the home banner's large white card. */
  variant?: 'hero' | 'default';
}

/**
 * The simple search of spec 01 §2: a box with autocomplete (at most 10 suggestions of the search
 * service, asked 300 ms after the last keystroke; arrow keys to move, Enter to pick, Escape to
 * close) that searches its free text on Enter or the Search button, and the toggle of the advanced
 * search.
 */
export function SimpleSearch({ text: shownText = '', onSearch, advanced, variant = 'default' }: SimpleSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(shownText);
  // Suggestions follow typing only: not the text a search put in the box.
  const [typing, setTyping] = useState(false);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_LIMITS.debounceMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const wanted = typing && debounced.length >= MIN_SUGGESTION_TEXT;
  const { data, previousData } = useQuery(SEARCH_SUGGESTIONS, { variables: { text: debounced }, skip: !wanted });
  const suggestions = wanted ? (data ?? previousData)?.searchSuggestions.slice(0, SEARCH_LIMITS.maxSuggestions) ?? [] : [];

  useEffect(() => {
    setText(shownText);
    setTyping(false);
  }, [shownText]);

  useEffect(() => {
    // New suggestions: nothing is picked until an arrow key says so.
    combobox.resetSelectedOption();
  }, [suggestions.map((suggestion) => suggestion.label).join('\n')]);

  const search = (filter: SearchFilter) => {
    setTyping(false);
    combobox.closeDropdown();
    onSearch(filter);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void readFilter({ text }).then(search);
  };
  const pick = (value: string) => {
    const suggestion = suggestions[Number(value)];
    if (!suggestion) return;
    setText(suggestion.label);
    void readFilter(suggestion.filter).then(search);
  };

  const hero = variant === 'hero';
  return (
    // Without JavaScript the form still searches: a plain GET of the results page with `q`.
    <form onSubmit={submit} role="search" aria-label={t('search.boxLabel')} action="/searchingOpportunities" method="get">
      <Group gap="xs" wrap="nowrap" align="center">
        <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
          <Combobox.Target withExpandedAttribute>
            <TextInput
              flex={1}
              size="md"
              variant={hero ? 'unstyled' : 'default'}
              aria-label={t('search.boxLabel')}
              name="q"
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={18} />}
              value={text}
              maxLength={TEXT_LIMITS.text}
              autoComplete="off"
              onChange={(event) => {
                setText(event.currentTarget.value);
                setTyping(true);
                combobox.openDropdown();
              }}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={suggestions.length === 0}>
            {suggestions.length > 0 && (
            <Combobox.Options aria-label={t('search.suggestions')}>
              {suggestions.map((suggestion, index) => (
                <Combobox.Option value={String(index)} key={`${suggestion.kind}:${suggestion.label}`}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm">{suggestion.label}</Text>
                    <Badge size="xs" variant="light" color={suggestion.kind === 'QUERY' ? 'gray' : 'ruedas'}>
                      {t(`search.kind.${suggestion.kind}`)}
                    </Badge>
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Options>
            )}
          </Combobox.Dropdown>
        </Combobox>
        <Button type="submit" size="md">
          {t('search.submit')}
        </Button>
      </Group>
      {advanced && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={6}
          onClick={advanced.onToggle}
          aria-expanded={advanced.open}
          aria-controls={advanced.controls}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
        >
          {t('search.advanced')}
        </Button>
      )}
    </form>
  );
}
