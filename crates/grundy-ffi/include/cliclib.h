int inicjuj();
void alojzy(int x);
int bajtazar();
