import { BooleanField, Datagrid, List, NumberField, TextField } from 'react-admin';

const coordinate = { maximumFractionDigits: 4 };

export function CityList() {
  return (
    <List sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <NumberField source="sortOrder" label="Order" />
        <TextField source="name" />
        <TextField source="state" />
        <TextField source="slug" />
        <NumberField source="latitude" options={coordinate} />
        <NumberField source="longitude" options={coordinate} />
        <BooleanField source="isActive" label="Active" />
      </Datagrid>
    </List>
  );
}
