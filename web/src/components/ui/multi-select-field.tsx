import { createListCollection, Portal, Select } from '@chakra-ui/react';
import { useMemo } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface MultiSelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange(value: string[]): void;
  placeholder?: string;
  /** One value at most (a field whose API takes one). */
  single?: boolean;
  testId?: string;
}

/**
 * A labelled select of several values on Chakra's Select: the chosen labels in the field, a check by
 * each chosen item, and a clear button. Values are given back in the options' order.
 */
export function MultiSelectField({ label, options, value, onChange, placeholder = 'Any', single = false, testId }: MultiSelectFieldProps) {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  const known = value.filter((v) => options.some((o) => o.value === v));
  return (
    <Select.Root
      collection={collection}
      multiple={!single}
      value={known}
      onValueChange={(details) => onChange(options.map((o) => o.value).filter((v) => details.value.includes(v)))}
      size="sm"
      positioning={{ sameWidth: true }}
      data-testid={testId}
    >
      <Select.HiddenSelect />
      <Select.Label textStyle="sm" fontWeight="medium">{label}</Select.Label>
      <Select.Control>
        <Select.Trigger bg="bg" data-testid={testId ? `${testId}-trigger` : undefined}>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          {known.length > 0 && <Select.ClearTrigger aria-label={`Clear ${label.toLowerCase()}`} />}
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content>
            {options.map((option) => (
              <Select.Item key={option.value} item={option} data-testid={testId ? `${testId}-option-${option.value}` : undefined}>
                {option.label}
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}
