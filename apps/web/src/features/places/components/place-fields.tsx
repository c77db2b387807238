import { Grid, Select, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX, PROVINCES, placeRequiredErrors } from '@serwis/domain';

/** Name, address and contact fields shared by the hotel and branch forms. */
export interface PlaceFormValues {
  name: string;
  street: string;
  zipCode: string;
  city: string;
  province: string;
  phone: string;
  email: string;
  www: string;
  description: string;
  latitude: number;
  longitude: number;
}

export const EMPTY_PLACE: PlaceFormValues = {
  name: '',
  street: '',
  zipCode: '',
  city: '',
  province: '',
  phone: '',
  email: '',
  www: '',
  description: '',
  latitude: 0,
  longitude: 0,
};

export function PlaceFields({ form }: { form: UseFormReturnType<PlaceFormValues> }) {
  return (
    <Grid gap="xs">
      <Grid.Col span={12}>
        <TextInput label="Nazwa" withAsterisk maxLength={MAX.name} {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Ulica" maxLength={MAX.name} {...form.getInputProps('street')} />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 3 }}>
        <TextInput label="Kod pocztowy" maxLength={20} {...form.getInputProps('zipCode')} />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 3 }}>
        <TextInput label="Miasto" maxLength={MAX.short} {...form.getInputProps('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label="Województwo"
          data={PROVINCES.filter(Boolean) as string[]}
          clearable
          {...form.getInputProps('province')}
          value={form.values.province || null}
          onChange={(v) => form.setFieldValue('province', v ?? '')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Telefon" maxLength={50} {...form.getInputProps('phone')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="E-mail" type="email" maxLength={MAX.email} {...form.getInputProps('email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Strona www" maxLength={MAX.name} {...form.getInputProps('www')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label="Opis" rows={2} maxLength={MAX.text} {...form.getInputProps('description')} />
      </Grid.Col>
    </Grid>
  );
}

/** Spec §5: a name, and a position chosen on the map (0/0 is "not chosen"): the save schemas' rules. */
export const validatePlace = (values: PlaceFormValues) => placeRequiredErrors(values);
