import { COUNTRIES, type TCountry } from '@app/contract/countries';
import { Combobox, Group, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, searchCountries } from '@/lib/country-names';
import type { TypeAhead } from '@/lib/type-ahead';
import { CountryButton, type CountrySelectProps } from './country-select';

/**
 * The country picker's popover (spec §2): a search box; typing filters, arrow keys move,
 * Enter picks, Escape closes; 'No countries found' when nothing matches. Its own chunk
 * (the popover brings floating-ui and a scroll area), loaded on the first open; it opens as it mounts.
 */
export interface CountryPickerProps extends CountrySelectProps {
  /** Keys typed since the click that loaded this, handed over when the search takes the focus. */
  typedAhead: TypeAhead | null;
  /** Whether to open at once: the person is still on the picker (not gone on to another field). */
  open: boolean;
}

export function CountryPicker({ value, onChange, disabled, typedAhead, open }: CountryPickerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [search, setSearch] = useState('');
  const ahead = useRef(typedAhead);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

  // Mounted by the click that asked for it: it opens at once and its search takes the focus,
  // unless the person has gone on to another field meanwhile (opened from the first render
  // instead, the dropdown stays hidden: no position is known yet).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the opening mount
  useEffect(() => {
    if (open) combobox.openDropdown();
    else {
      // Gone on elsewhere: a choice already made with Enter still counts, nothing takes the focus.
      const { choice } = takeTyped();
      if (choice) onChange(choice);
    }
  }, []);

  /** What was typed before this arrived: the search's text, and with an Enter, its best match. */
  const takeTyped = () => {
    const typed = ahead.current?.take() ?? '';
    ahead.current = null;
    const [query = '', ...enter] = typed.split('\n');
    return { query, choice: enter.length > 0 ? searchCountries(query, language)[0] : undefined };
  };

  /** The search has the focus: what was typed before becomes its text, an Enter its choice. */
  const takeTypedAhead = () => {
    const { query, choice } = takeTyped();
    if (choice) pick(choice);
    else if (query) setSearch(query);
  };

  const options = useMemo(() => searchCountries(search, language), [search, language]);

  // The first match is ready for Enter as soon as something is typed.
  useLayoutEffect(() => {
    if (search) combobox.selectFirstOption();
  }, [search, combobox]);

  const pick = (country: TCountry) => {
    onChange(country);
    combobox.closeDropdown();
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      position="bottom-start"
      width={300}
      onOptionSubmit={(iso) => {
        const country = COUNTRIES.find((c) => c.iso === iso);
        if (country) pick(country);
      }}
    >
      <Combobox.Target targetType="button">
        <CountryButton value={value} disabled={disabled} onClick={() => combobox.toggleDropdown()} />
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onFocus={takeTypedAhead}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter right after typing, before any option is highlighted, takes the best match.
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && options[0]) {
              event.preventDefault();
              pick(options[0]);
            }
          }}
          placeholder={t('phone.searchCountries')}
          aria-label={t('phone.searchCountries')}
        />
        <Combobox.Options aria-label={t('phone.countries')}>
          <ScrollArea.Autosize mah={280} type="scroll">
            {options.length === 0 ? (
              <Combobox.Empty>{t('phone.noCountries')}</Combobox.Empty>
            ) : (
              options.map((country) => (
                <Combobox.Option value={country.iso} key={country.iso} active={country.iso === value.iso}>
                  <Group gap="sm" wrap="nowrap">
                    <span aria-hidden style={{ fontSize: 18 }}>
                      {country.flag}
                    </span>
                    <Text fz="sm" style={{ flex: 1 }}>
                      {countryName(country, language)}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {country.dialCode}
                    </Text>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
