import { GROUP_DESCRIPTION_MAX } from '@openlfg/contracts';
import { useRef, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { LazyMarkdown } from '../../../components/markdown/LazyMarkdown';
import styles from './DescriptionField.module.css';
import formStyles from './PostGroupForm.module.css';

const TABS = ['write', 'preview'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { write: 'Write', preview: 'Preview' };
export const NOTHING_TO_PREVIEW = 'Nothing to preview yet.';
export const MARKDOWN_HINT = 'Markdown works: **bold**, lists, [links](https://…), `code`.';

export interface DescriptionFieldProps {
  id: string;
  /** The form's current text. */
  value: string;
  /** The textarea's registration and its invalid/description attributes, from the form. */
  textareaProps: ComponentProps<'textarea'>;
  error: ReactNode;
}

/**
 * The description box of the posting and editing form: "Write" (the textarea) and "Preview" (the text rendered
 * by the page's own Markdown renderer), as tabs. The textarea stays mounted while previewing, so the form keeps
 * its value and its refusal's focus.
 */
export function DescriptionField({ id, value, textareaProps, error }: DescriptionFieldProps) {
  const [tab, setTab] = useState<Tab>('write');
  // A refused description shows the box to fix it in.
  const invalid = Boolean(textareaProps['aria-invalid']);
  const [wasInvalid, setWasInvalid] = useState(invalid);
  if (invalid !== wasInvalid) {
    setWasInvalid(invalid);
    if (invalid) setTab('write');
  }
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const tabId = (name: Tab) => `${id}-description-${name}-tab`;
  const panelId = (name: Tab) => `${id}-description-${name}-panel`;

  // The tabs pattern's keys: arrows (and Home, End) move between the tabs and select them.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowLeft'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'Home'
          ? TABS[0]
          : event.key === 'End'
            ? TABS[TABS.length - 1]
            : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={formStyles.field}>
      <div className={styles.head}>
        <label htmlFor={`${id}-description`} className={formStyles.label}>
          Description
        </label>
        <div role="tablist" aria-label="Write or preview" className={styles.tabs}>
          {TABS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={tab === name}
              aria-controls={panelId(name)}
              tabIndex={tab === name ? 0 : -1}
              className={styles.tab}
              onClick={() => setTab(name)}
              onKeyDown={onKeyDown}
            >
              {TAB_LABELS[name]}
            </button>
          ))}
        </div>
      </div>
      <div
        role="tabpanel"
        id={panelId('write')}
        aria-labelledby={tabId('write')}
        hidden={tab !== 'write'}
        className={styles.write}
      >
        <textarea
          {...textareaProps}
          id={`${id}-description`}
          className={formStyles.textarea}
          rows={5}
          maxLength={GROUP_DESCRIPTION_MAX}
        />
        <p className={styles.hint}>{MARKDOWN_HINT}</p>
      </div>
      <div
        role="tabpanel"
        id={panelId('preview')}
        aria-labelledby={tabId('preview')}
        hidden={tab !== 'preview'}
        className={styles.preview}
        tabIndex={0}
      >
        {tab === 'preview' ? (
          value.trim() === '' ? (
            <p className={styles.empty}>{NOTHING_TO_PREVIEW}</p>
          ) : (
            <LazyMarkdown source={value} />
          )
        ) : null}
      </div>
      <p className={formStyles.counter}>
        {value.length}/{GROUP_DESCRIPTION_MAX}
      </p>
      {error}
    </div>
  );
}
