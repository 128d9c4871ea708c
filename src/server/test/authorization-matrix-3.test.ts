import { authorizationMatrix } from "./authorization-matrix.ts";

authorizationMatrix(3, 3);
