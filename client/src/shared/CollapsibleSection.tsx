import { Button, Classes, Collapse, H6, Section, type SectionProps } from '@blueprintjs/core';
import { type ReactNode, useId, useState } from 'react';
import { cx } from './cx';

export interface CollapsibleSectionProps extends Pick<SectionProps, 'compact' | 'elevation' | 'className'> {
  title: string;
  /** Shown at the right end of the header, before the toggle (e.g. a status tag). */
  rightElement?: ReactNode;
  defaultOpen?: boolean;
  /** Controlled use: whether the section is open (e.g. forced open while a field inside is invalid), with onToggle. */
  isOpen?: boolean;
  onToggle?: (open: boolean) => void;
  children: ReactNode;
}

/**
 * A Blueprint section the user folds open and shut, to be used instead of Section's `collapsible`:
 * Blueprint's toggle is labelled in English ("expand section") and reports aria-expanded the wrong
 * way round. Here the toggle says "Abschnitt aufklappen"/"Abschnitt zuklappen" and names the content
 * it controls; a click anywhere on the header toggles too, as in Blueprint.
 */
export function CollapsibleSection({ title, rightElement, defaultOpen = false, isOpen, onToggle, children, className, ...props }: CollapsibleSectionProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = isOpen ?? ownOpen;
  const titleId = useId();
  const contentId = useId();
  const toggle = () => (onToggle ? onToggle(!open) : setOwnOpen(!open));
  return (
    <Section {...props} className={cx(className, !open && Classes.SECTION_COLLAPSED)} aria-labelledby={titleId}>
      {/* Pointer convenience only: keyboard and screen-reader users have the toggle button. */}
      <div className={cx(Classes.SECTION_HEADER, Classes.INTERACTIVE)} onClick={toggle}>
        <div className={Classes.SECTION_HEADER_LEFT}>
          <H6 className={Classes.SECTION_HEADER_TITLE} id={titleId}>
            {title}
          </H6>
        </div>
        <div className={Classes.SECTION_HEADER_RIGHT}>
          {rightElement}
          <Button
            variant="minimal"
            icon={open ? 'chevron-up' : 'chevron-down'}
            aria-label={open ? 'Abschnitt zuklappen' : 'Abschnitt aufklappen'}
            aria-expanded={open}
            aria-controls={contentId}
            onClick={(event) => {
              // The header's own click handler would toggle a second time.
              event.stopPropagation();
              toggle();
            }}
          />
        </div>
      </div>
      <Collapse isOpen={open}>
        <div id={contentId}>{children}</div>
      </Collapse>
    </Section>
  );
}
