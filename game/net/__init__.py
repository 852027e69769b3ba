"""Play across laptops (issue 16): a host serves its table's session over WebSockets, clients
mirror its log and send requests for their own seat. No pygame here."""
