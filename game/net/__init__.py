"""Play across laptops: a host serves its table's session over WebSockets, clients
mirror its log and send requests for their own seat. No pygame here."""
