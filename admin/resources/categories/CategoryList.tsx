import { BooleanField, Datagrid, List, NumberField, TextField } from 'react-admin';


export function CategoryList() {
  return (
    <List sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <NumberField source="sortOrder" label="Order" />
        <TextField source="icon" sortable={false} />
        <TextField source="name" />
        <TextField source="slug" />
        <BooleanField source="isActive" label="Active" />
      </Datagrid>
    </List>
  );
}
