import { COUNTRIES, type TCountry } from '@app/contract/countries';
import { Combobox, Group, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, searchCountries } from '@/lib/country-names';

interface CountrySelectProps {
  value: TCountry;
  onChange: (country: TCountry) => void;
  disabled?: boolean;
}

/**
 * The country picker (spec §2): a popover with a search box. Typing filters, arrow keys
 * move, Enter picks, Escape closes; 'No countries found' when nothing matches.
 */
export function CountrySelect({ value, onChange, disabled }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

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
        <InputBase
          component="button"
          type="button"
          pointer
          disabled={disabled}
          onClick={() => combobox.toggleDropdown()}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          rightSectionPointerEvents="none"
          aria-label={t('phone.countryLabel', {
            country: countryName(value, language),
            code: value.dialCode,
          })}
          size="md"
          w={118}
          styles={{ input: { paddingInlineEnd: 28 } }}
        >
          <Group gap={6} wrap="nowrap">
            <span aria-hidden style={{ fontSize: 20, lineHeight: 1 }}>
              {value.flag}
            </span>
            <Text span fz="md">
              {value.dialCode}
            </Text>
          </Group>
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
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
