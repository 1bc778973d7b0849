import { Search } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { DateFilter } from './date-filter';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Select } from './ui/select';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** One filter of a FilterBar, described as data. */
export type FilterSpec =
  | ({ kind: 'search' } & SearchBarProps)
  | ({ kind: 'select' } & SelectFilterProps<string>)
  | ({ kind: 'text' } & TextFilterProps);

/**
 * A list's filters side by side (`className` sets the columns): those given as `filters`, then
 * any other control (a Refresh button) as children.
 */
export function FilterBar({
  className,
  filters = [],
  children,
}: {
  className?: string;
  filters?: FilterSpec[];
  children?: ReactNode;
}) {
  return (
    <div className={cn('grid gap-3', className)}>
      {filters.map(({ kind, ...props }, index) =>
        kind === 'search' ? (
          <SearchBar key={index} {...(props as SearchBarProps)} />
        ) : kind === 'select' ? (
          <SelectFilter key={index} {...(props as SelectFilterProps<string>)} />
        ) : (
          <TextFilter key={index} {...(props as TextFilterProps)} />
        ),
      )}
      {children}
    </div>
  );
}

/**
 * The search box of a list: a magnifier, a label (visible or for screen readers), and the
 * search sent `SEARCH_DEBOUNCE_MS` after typing stops (at once on Enter). `value` is the search
 * in force (the URL's, where the list keeps it there): when it changes from elsewhere (the back
 * button, a link) the box shows it.
 */
type SearchBarProps = {
  id?: string;
  label: string;
  hideLabel?: boolean;
  placeholder: string;
  value: string;
  onSearch(text: string): void;
  className?: string;
};

export function SearchBar({
  id: givenId,
  label,
  hideLabel = false,
  placeholder,
  value,
  onSearch,
  className,
}: SearchBarProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (text.trim() !== value.trim()) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const box = (
    <div className={cn('relative', hideLabel && className)}>
      {hideLabel && (
        <Label htmlFor={id} className="sr-only">
          {label}
        </Label>
      )}
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text);
        }}
      />
    </div>
  );
  if (hideLabel) return box;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {box}
    </div>
  );
}

/** A labelled choice of one value, or "all" (the empty value), among a list's filters. */
type SelectFilterProps<Value extends string> = {
  id?: string;
  label: string;
  hideLabel?: boolean;
  /** The empty choice: "All statuses", "Any partner"… */
  allLabel: string;
  options: readonly { value: Value; label: string }[];
  value: Value | '';
  // A method, so that a filter of a narrower type fits a FilterSpec.
  onChange(value: NoInfer<Value> | ''): void;
  className?: string;
  selectClassName?: string;
};

export function SelectFilter<Value extends string>({
  id: givenId,
  label,
  hideLabel = false,
  allLabel,
  options,
  value,
  onChange,
  className,
  selectClassName,
}: SelectFilterProps<Value>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={cn(hideLabel ? undefined : 'grid gap-1.5', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Select
        id={id}
        className={selectClassName}
        value={value}
        onChange={(e) => onChange(e.target.value as Value | '')}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The options of a SelectFilter from a list of values and their labels. */
export function optionsOf<Value extends string>(
  values: readonly Value[],
  labels: Record<Value, string>,
): { value: Value; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The options of a SelectFilter from rows with an id and a name (partners, contractors…). */
export function namedOptions(
  rows: readonly { id: string; name: string }[] | undefined,
): { value: string; label: string }[] {
  return (rows ?? []).map((row) => ({ value: row.id, label: row.name }));
}

/** A labelled text filter, the list getting what is typed as it is typed; or a date filter (dd/mm/yyyy). */
type TextFilterProps = {
  id?: string;
  label: string;
  type?: 'text' | 'date';
  placeholder?: string;
  value: string;
  onChange(value: string): void;
};

export function TextFilter({
  id: givenId,
  label,
  type = 'text',
  placeholder,
  value,
  onChange,
}: TextFilterProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  if (type === 'date')
    return <DateFilter id={givenId} label={label} value={value} onChange={onChange} />;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
