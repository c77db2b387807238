psql -h 127.0.0.1 -p 55433 -U postgres serwis_bench -c "$1"
