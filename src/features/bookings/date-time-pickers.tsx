/**
 * react-datepicker set up for pt-BR. Only the booking editor uses it, and that route is loaded on
 * demand, so the picker and its CSS stay out of the first bundle.
 */
import { isValid, parse } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { TIME_STEP_MINUTES } from '@/config/constants';
import { inputClass } from '@/components/ui/field';
import { padTime } from '@/lib/dates';

const LOCALE = 'pt-BR';
registerLocale(LOCALE, ptBR);

/** Portuguese names for the calendar's own controls (the library defaults to English). */
const CALENDAR_LABELS = {
  previousMonthAriaLabel: 'Mês anterior',
  nextMonthAriaLabel: 'Próximo mês',
  previousYearAriaLabel: 'Ano anterior',
  nextYearAriaLabel: 'Próximo ano',
  // The arrows' hidden text, which the library prints in English inside the buttons.
  previousMonthButtonLabel: 'Mês anterior',
  nextMonthButtonLabel: 'Próximo mês',
  previousYearButtonLabel: 'Ano anterior',
  nextYearButtonLabel: 'Próximo ano',
  chooseDayAriaLabelPrefix: 'Escolher',
  disabledDayAriaLabelPrefix: 'Indisponível',
  monthAriaLabelPrefix: 'Mês',
  weekAriaLabelPrefix: 'Semana',
} as const;

/** What the library hands its container (react-datepicker's CalendarContainerProps, not exported by the package). */
interface CalendarContainerProps {
  className?: string;
  children?: ReactNode;
  showTime?: boolean;
  showTimeSelectOnly?: boolean;
  inline?: boolean;
}

/**
 * The popup itself: the library's container names its dialog 'Choose Date' / 'Choose Time' with no prop to
 * change it (react-datepicker 9, calendar_container), so this one is the same element with pt-BR names.
 */
function CalendarContainer({
  className,
  children,
  showTime,
  showTimeSelectOnly,
  inline,
}: CalendarContainerProps) {
  const label = showTimeSelectOnly ? 'Escolher hora' : showTime ? 'Escolher data e hora' : 'Escolher data';
  return (
    <div
      className={className}
      aria-label={label}
      role={inline ? undefined : 'dialog'}
      aria-modal={inline ? undefined : 'true'}
      translate="no"
    >
      {children}
    </div>
  );
}

interface PickerProps {
  /** The input's id; the caller's <label htmlFor> points at it. */
  id: string;
  name: string;
  onBlur: () => void;
  /** Id of the field's error message, when there is one. */
  errorId?: string;
  /**
   * Typed text that is not a date (or a time) when the field is left: the library would put the last good value
   * back without a word (seed §5: an input error), so the caller is told what was typed.
   */
  onUnparsed?: (text: string) => void;
  /** A value typed or chosen again: what onUnparsed said no longer holds (the library calls onChange only for a new value). */
  onParsed?: () => void;
}

/** Whether a field's typed text is a value: empty, a real day (d/M/yyyy: not 31/02) or a time of the day. */
const PARSES = {
  date: (text: string) =>
    /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text) && isValid(parse(text, 'd/M/yyyy', new Date(0))),
  time: (text: string) => padTime(text) !== '',
};

/** What differs between the two fields; everything else is the same picker. */
const MODES = {
  date: {
    ...CALENDAR_LABELS,
    dateFormat: 'dd/MM/yyyy',
    calendarStartDay: 0,
    placeholderText: 'Selecione uma data',
    ariaLabelClose: 'Limpar data',
    clearButtonTitle: 'Limpar data',
  },
  time: {
    showTimeSelect: true,
    showTimeSelectOnly: true,
    timeIntervals: TIME_STEP_MINUTES,
    timeCaption: 'Hora',
    dateFormat: 'HH:mm',
    timeFormat: 'HH:mm',
    placeholderText: 'Selecione a hora',
    ariaLabelClose: 'Limpar hora',
    clearButtonTitle: 'Limpar hora',
  },
} as const;

function Picker({
  mode,
  errorId,
  onUnparsed,
  onParsed,
  ...rest
}: PickerProps & {
  mode: keyof typeof MODES;
  selected: Date | null;
  onChange: (date: Date | null) => void;
  openToDate?: Date;
}) {
  const picker = useRef<DatePicker>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  // After a choice in the popup the library gives the field its focus back from a timeout. On a busy machine
  // the staff member may have clicked the next field by then, and what they typed there landed in this one:
  // the focus is given back only while it is still on this picker (the field, its popup) or nowhere.
  useEffect(() => {
    const instance = picker.current;
    if (!instance) return;
    const giveBack = instance.setFocus;
    instance.setFocus = () => {
      const active = document.activeElement;
      if (!active || active === document.body || wrapper.current?.contains(active)) giveBack();
    };
  }, []);
  // Escape closes the popup and leaves focus in the field, every time. The library's own Escape blurs the
  // input, focuses it again in a timeout and blurs it once more in an animation frame, so where focus ended
  // up, and where the next keystrokes landed, depended on which of those ran first.
  const onKeyDownCapture = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    const instance = picker.current;
    if (event.key !== 'Escape' || !instance?.isCalendarOpen()) return;
    event.preventDefault();
    event.stopPropagation();
    instance.setOpen(false, true);
    // From inside the popup (a day, a time), focus goes back to the field without reopening the popup.
    if (event.target !== instance.input) instance.sendFocusBackToInput();
  }, []);
  // What was last typed since the field got focus: the library puts its last good value back in the field as
  // soon as its popup closes (a click outside, Escape), before the field is left.
  const typed = useRef('');
  const isField = (target: EventTarget | null): target is HTMLInputElement =>
    target instanceof HTMLInputElement && target === picker.current?.input;
  const onInputCapture = (event: FormEvent<HTMLDivElement>) => {
    if (isField(event.target)) typed.current = event.target.value;
  };
  const onFocusCapture = (event: FocusEvent<HTMLDivElement>) => {
    if (!wrapper.current?.contains(event.relatedTarget)) typed.current = '';
  };
  // The picker left (from its field, its clear button or its popup) with typed text that is not a value: say so.
  const onBlurCapture = (event: FocusEvent<HTMLDivElement>) => {
    if (wrapper.current?.contains(event.relatedTarget)) return;
    const text = typed.current.trim();
    typed.current = '';
    if (text === '') return;
    if (PARSES[mode](text)) onParsed?.();
    else onUnparsed?.(text);
  };
  return (
    <div
      ref={wrapper}
      onKeyDownCapture={onKeyDownCapture}
      onInputCapture={onInputCapture}
      onFocusCapture={onFocusCapture}
      onBlurCapture={onBlurCapture}
    >
      <DatePicker
        ref={picker}
        onSelect={() => onParsed?.()}
        {...rest}
        {...MODES[mode]}
        ariaDescribedBy={errorId}
        ariaInvalid={errorId ? 'true' : undefined}
        locale={LOCALE}
        calendarContainer={CalendarContainer}
        autoComplete="off"
        isClearable
        showPopperArrow={false}
        popperPlacement="bottom-start"
        className={inputClass()}
        wrapperClassName="block w-full"
      />
    </div>
  );
}

export function DateField({
  value,
  ...rest
}: PickerProps & { value: Date | null; onChange: (date: Date | null) => void }) {
  return <Picker mode="date" selected={value} {...rest} />;
}

const OPEN_TIME = '09:00';

/** 'HH:mm' → today at that time, the Date the time list wants; null for ''. */
function timeToDate(time: string): Date | null {
  const padded = padTime(time);
  if (!padded) return null;
  const [hours = 0, minutes = 0] = padded.split(':').map(Number);
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/** A time-only picker in 15-minute steps that reads and writes 'HH:mm' (zero-padded) or ''. */
export function TimeField({
  value,
  onChange,
  ...rest
}: PickerProps & { value: string; onChange: (time: string) => void }) {
  const selected = useMemo(() => timeToDate(value), [value]);
  // With no time yet, the list opens at the start of office hours instead of at the current time.
  const openTo = useMemo(() => (selected ? undefined : (timeToDate(OPEN_TIME) ?? undefined)), [selected]);
  return (
    <Picker
      mode="time"
      selected={selected}
      openToDate={openTo}
      onChange={(date) => onChange(date ? padTime(date) : '')}
      {...rest}
    />
  );
}
