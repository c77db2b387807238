import { useEffect, useState } from 'react';
import { Marker } from 'react-leaflet';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MAP_VIEW, MSG, type Hotel, PLACES_MSG } from '@serwis/domain';
import { ModalActions } from '../../../components/modal-actions';
import { forbiddenOrError } from '../../machines/components/tabs/tab-errors';
import { useSaveHotel } from '../api/places';
import { AddressSearch } from './address-search';
import { BaseMap, dotIcon, round } from './base-map';
import { DevicePositionButton } from './device-position-button';
import { EMPTY_PLACE, PlaceFields, validatePlace, type PlaceFormValues } from './place-fields';
import { useModalLeave } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

const HOTEL_PIN = dotIcon('#7048e8', '#ffffff', 24);

interface HotelModalProps {
  /** 'new' adds, a hotel edits, null keeps the modal closed. */
  hotel: Hotel | 'new' | null;
  /** Where the map starts for a new hotel: the machine. */
  near: [number, number] | null;
  onClose: () => void;
}

/** Add or edit a hotel; a click on the map sets its position (spec §2 Hotele). */
export function HotelModal({ hotel, near, onClose }: HotelModalProps) {
  const save = useSaveHotel();
  const form = useForm<PlaceFormValues>({ initialValues: EMPTY_PLACE, validate: validatePlace });
  // Only a search result moves the view; a click sets the position where the user is looking.
  const [focus, setFocus] = useState<{ center: [number, number]; zoom?: number } | null>(null);
  // The tablet's own position (a technician at the hotel's door): how sure it is, or why there is none.
  const [accuracy, setAccuracy] = useState<number | null>(null);
  const [positionError, setPositionError] = useState<string | null>(null);
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (hotel === null) return;
    const values = hotel === 'new' ? EMPTY_PLACE : { ...EMPTY_PLACE, ...hotel, street: hotel.streetAddress };
    setValues(values);
    resetDirty(values);
  }, [hotel, setValues, resetDirty]);
  const close = () => {
    save.reset();
    setAccuracy(null);
    setPositionError(null);
    form.clearErrors();
    onClose();
  };
  const leave = useModalLeave(hotel !== null && form.isDirty(), close);
  const editing = hotel !== null && hotel !== 'new';
  const placed = form.values.latitude !== 0 || form.values.longitude !== 0;
  const center: [number, number] = placed
    ? [form.values.latitude, form.values.longitude]
    : (near ?? MAP_VIEW.places.center);

  return (
    <Modal opened={hotel !== null} onClose={leave} size="xl" title={editing ? 'Edycja hotelu' : 'Nowy hotel'}>
      <form
        noValidate
        onSubmit={form.onSubmit(
          ({ street, ...values }) =>
            save.mutate(
              { ...values, streetAddress: street, id: editing ? hotel.id : 0 },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: MSG.saved });
                  close();
                },
              },
            ),
          focusFirstInvalid,
        )}
      >
        <Stack>
          {save.isError && (
            <Alert color="red" role="alert">
              {forbiddenOrError(save.error)}
            </Alert>
          )}
          <PlaceFields form={form} />
          <AddressSearch
            onPick={(r) => {
              setAccuracy(null);
              form.setValues({ latitude: r.latitude, longitude: r.longitude });
              setFocus({ center: [r.latitude, r.longitude], zoom: 13 });
            }}
            extra={
              <DevicePositionButton
                onLocated={(here) => {
                  setPositionError(null);
                  setAccuracy(here.accuracy);
                  const latitude = round(here.latitude);
                  const longitude = round(here.longitude);
                  form.setValues({ latitude, longitude });
                  setFocus({ center: [latitude, longitude], zoom: 16 });
                }}
                onError={setPositionError}
              />
            }
          />
          {positionError && (
            <Alert color="orange" role="alert">
              {positionError}
            </Alert>
          )}
          <BaseMap
            label="Mapa położenia hotelu"
            center={center}
            zoom={near || placed ? 11 : MAP_VIEW.places.zoom}
            height={280}
            focus={focus}
            onPick={(p) => {
              setAccuracy(null);
              form.setValues({ latitude: p.latitude, longitude: p.longitude });
            }}
          >
            {placed && <Marker position={[form.values.latitude, form.values.longitude]} icon={HOTEL_PIN} />}
          </BaseMap>
          <Text size="sm" c={form.errors.latitude ? 'red' : 'dimmed'}>
            {form.errors.latitude ??
              (placed
                ? `Położenie: ${form.values.latitude}, ${form.values.longitude}`
                : PLACES_MSG.chooseLocationPrompt)}
          </Text>
          {accuracy !== null && placed && (
            <Text size="sm" c="dimmed">
              {PLACES_MSG.devicePositionAccuracy(accuracy)}
            </Text>
          )}
          <ModalActions onCancel={leave} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
