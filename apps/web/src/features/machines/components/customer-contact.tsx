import { Link } from 'react-router';
import { Anchor, Group, Text } from '@mantine/core';
import { isEmailAddress, type Customer } from '@serwis/domain';
import { paths } from '../../../config/paths';

/**
 * Under a machine's "Kontrahent": how to reach the customer (the phone a link a tablet calls) and
 * the customer's card, so that a customer on the phone is not two screens away.
 */
export function CustomerContact({ customer }: { customer: Customer }) {
  const phone = customer.phoneNumber.trim();
  const email = customer.email.trim();
  return (
    <Group component="span" gap="xs" wrap="wrap">
      {phone && (
        <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="xs">
          tel. {phone}
        </Anchor>
      )}
      {/* A link when it is an address (the field may hold a note instead: "brak, tylko telefon"). */}
      {email &&
        (isEmailAddress(email) ? (
          <Anchor href={`mailto:${email}`} size="xs">
            {email}
          </Anchor>
        ) : (
          <Text component="span" size="xs">
            {email}
          </Text>
        ))}
      <Anchor component={Link} to={paths.customerEdit(customer)} size="xs">
        Karta kontrahenta
      </Anchor>
    </Group>
  );
}
