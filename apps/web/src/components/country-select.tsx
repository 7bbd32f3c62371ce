import type { TCountry } from '@app/contract/countries';
import { Group, InputBase, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentType, type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/country-names';
import { focusStillOn, holdTypedKeys, type TypeAhead } from '@/lib/type-ahead';
import type { CountryPickerProps } from './country-picker';

export interface CountrySelectProps {
  value: TCountry;
  onChange: (country: TCountry) => void;
  disabled?: boolean;
}

const loadPicker = () => import('./country-picker').then((m) => m.CountryPicker);

/**
 * The country picker (spec §2). Until it is first opened it is only its button: the popover's
 * code loads when the pointer or the focus comes near (usually before the click lands). What
 * is typed between the click and the popover's arrival is kept and becomes its search (and an
 * Enter, its choice), so a quick typist loses nothing.
 */
export function CountrySelect(props: CountrySelectProps) {
  const [Picker, setPicker] = useState<ComponentType<CountryPickerProps> | null>(null);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const typed = useRef<TypeAhead | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  if (Picker) return <Picker {...props} typedAhead={typed.current} open={openOnArrival} />;
  return (
    <CountryButton
      ref={button}
      value={props.value}
      disabled={props.disabled}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => {
        typed.current ??= holdTypedKeys(button.current);
        loadPicker().then(
          (loaded) => {
            // Someone who has meanwhile gone on to another field is not pulled back to it.
            setOpenOnArrival(focusStillOn(button.current));
            setPicker(() => loaded);
          },
          () => typed.current?.stop(),
        );
      }}
    />
  );
}

/** The picker's face: the flag and dial code, named for screen readers by country and code. */
export function CountryButton({
  value,
  disabled,
  ...handlers
}: {
  ref?: Ref<HTMLButtonElement>;
  value: TCountry;
  disabled?: boolean | undefined;
  onClick: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      disabled={disabled}
      {...handlers}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      aria-label={t('phone.countryLabel', {
        country: countryName(value, i18n.resolvedLanguage ?? 'en'),
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
  );
}
