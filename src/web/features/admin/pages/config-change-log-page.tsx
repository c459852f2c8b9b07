import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import {
  ADMIN_TEXTS,
  CONFIG_COLLECTIONS,
  type ConfigChange,
  type ConfigChangeInput,
  type ConfigCollection,
} from '../../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../../shared/appointments.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useConfigChanges } from '../api/config-changes.ts';
import { useDeleteConfigChange } from '../api/delete-config-change.ts';
import { useEditConfigChange } from '../api/edit-config-change.ts';
import { refusalMessage } from '../components/admin-failure.ts';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { COLLECTION_LABELS, ConfigChangeForm } from '../components/config-change-form.tsx';
import { TableRegion } from '../components/table-region.tsx';

const COMPONENT_NAME = 'ConfigChangeLog';
const DELETE_CONFIRM = 'Are you sure you want to delete this change-log entry? If YES select OK';

function inputOf(entry: ConfigChange): ConfigChangeInput {
  return {
    date: entry.date,
    time: entry.time,
    collectionName: entry.collectionName,
    context: entry.context,
    description: entry.description,
  };
}

/** The edit dialog of a change-log entry; saving refreshes the list. */
function useEntryEditor(onSaved: () => void) {
  const id = useId();
  const edit = useEditConfigChange();
  const resetEdit = edit.reset;
  const [editing, setEditing] = useState<ConfigChange | null>(null);
  const [show, setShow] = useState(false);
  const close = useCallback(() => setShow(false), []);

  const open = useCallback(
    (entry: ConfigChange) => {
      setEditing(entry);
      resetEdit();
      setShow(true);
    },
    [resetEdit],
  );

  const save = async (values: ConfigChangeInput) => {
    if (!editing) return false;
    try {
      // Resolves once the list has been read again.
      await edit.mutateAsync({ id: editing.id, entry: values });
    } catch {
      return false;
    }
    close();
    onSaved();
    return true;
  };

  const element = (
    <Modal
      show={show && editing !== null}
      onHide={close}
      aria-labelledby={`${id}-title`}
      size="lg"
      className="admin-modal"
      onEntered={(node: HTMLElement) => node.querySelector<HTMLInputElement>('input')?.focus()}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={`${id}-title`} as="h2">
          Edit change-log entry
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {edit.isError && <Alert variant="danger">{ADMIN_TEXTS.changeLogError}</Alert>}
        {editing && (
          <ConfigChangeForm
            key={editing.id}
            defaultValues={inputOf(editing)}
            onSubmit={save}
            footer={
              <Button variant="outline-secondary" size="lg" onClick={close}>
                Cancel
              </Button>
            }
          />
        )}
      </Modal.Body>
    </Modal>
  );
  return { open, element };
}

function ChangeTable({
  entries,
  collection,
  onEdit,
  onCancel,
}: {
  entries: ConfigChange[];
  collection: ConfigCollection;
  onEdit: (entry: ConfigChange) => void;
  onCancel: (entry: ConfigChange) => void;
}) {
  const captionId = `${useId()}-caption`;
  return (
    <TableRegion labelledBy={captionId}>
      <Table className="admin-table" hover>
        <caption id={captionId}>
          {COLLECTION_LABELS[collection]} change log ({entries.length})
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Collection</th>
            <th scope="col">Context</th>
            <th scope="col">Description</th>
            <th scope="col">Edit</th>
            <th scope="col">Cancel</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={entry.id} data-entry-id={entry.id}>
              <th scope="row">{index + 1}</th>
              <td className="admin-nowrap">{entry.date}</td>
              <td className="admin-nowrap">{entry.time}</td>
              <td>{entry.collectionName}</td>
              <td className="admin-text-cell">{entry.context}</td>
              <td className="admin-text-cell">{entry.description}</td>
              <td>
                <Button variant="primary" onClick={() => onEdit(entry)}>
                  Edit<span className="visually-hidden"> (entry #{index + 1})</span>
                </Button>
              </td>
              <td>
                <Button variant="outline-danger" onClick={() => onCancel(entry)}>
                  Cancel<span className="visually-hidden"> (delete entry #{index + 1})</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableRegion>
  );
}

/** The configuration change log of one collection at a time: view, edit and delete (Cancel) entries. */
function ConfigChangeLogPage() {
  usePageTitle('Config Change Log');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const confirm = useConfirm();
  const remove = useDeleteConfigChange();
  const alert = useTimedAlert();
  const [choice, setChoice] = useState<ConfigCollection | ''>('');
  const [viewed, setViewed] = useState<ConfigCollection>();
  const [choiceMissing, setChoiceMissing] = useState(false);
  const changes = useConfigChanges(viewed);
  const editor = useEntryEditor(() => alert.show({ variant: 'success', body: 'Change Log entry updated.' }));

  const view = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setChoiceMissing(true);
      return;
    }
    setChoiceMissing(false);
    setViewed(choice);
  };

  const onCancel = async (entry: ConfigChange) => {
    if (!(await confirm(DELETE_CONFIRM))) return;
    try {
      // Departure 7 of the design: the list refreshes after every delete (the mutation sees to it).
      await remove.mutateAsync(entry.id);
    } catch (error) {
      alert.show({ body: refusalMessage(error) ?? APPOINTMENT_TEXTS.deleteError });
      return;
    }
    alert.show({ variant: 'success', body: ADMIN_TEXTS.deletedRecords });
    heading.current?.focus();
  };

  let content: ReactNode = <p className="fs-5">Choose a collection and select View.</p>;
  if (viewed) {
    if (changes.isPending) content = <PageSpinner />;
    else if (changes.isError) {
      content = (
        <AdminLoadError error={changes.error} what="change log" componentName={COMPONENT_NAME} onRetry={() => void changes.refetch()} />
      );
    } else if (changes.data.length === 0) {
      content = <AdminEmpty title={`No entries in the ${viewed} change log.`}>Add one with the Change Log Form.</AdminEmpty>;
    } else {
      content = <ChangeTable entries={changes.data} collection={viewed} onEdit={editor.open} onCancel={(entry) => void onCancel(entry)} />;
    }
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mb-3">
        Config Change Log
      </h1>
      <Form noValidate onSubmit={view} className="admin-toolbar" aria-label="Choose a collection">
        <Form.Group controlId={`${id}-collection`}>
          <Form.Label className="fw-semibold">Collection</Form.Label>
          <Form.Select
            size="lg"
            value={choice}
            onChange={(event) => setChoice(event.target.value as ConfigCollection)}
            isInvalid={choiceMissing}
            aria-invalid={choiceMissing || undefined}
            aria-describedby={choiceMissing ? `${id}-collection-error` : undefined}
          >
            <option value="" disabled>
              Select a collection
            </option>
            {CONFIG_COLLECTIONS.map((collection) => (
              <option key={collection} value={collection}>
                {COLLECTION_LABELS[collection]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" size="lg">
          View
        </Button>
        {choiceMissing && (
          <p id={`${id}-collection-error`} className="text-danger fw-semibold w-100 mb-0" role="alert">
            Choose Database, Hardware or Software first.
          </p>
        )}
      </Form>
      {alert.element}
      {content}
      {editor.element}
    </>
  );
}

export { ConfigChangeLogPage as Component };
